import { useParams } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { callApi } from "~/lib/api";
import { preloadNamespaces, useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import type { PublicSlot } from "../../../server/services/lessons";

// the slot list and the lessons texts arrive after the post has shown: a reader who never
// reserves does not download them with the page
const SlotList = lazy(() =>
  Promise.all([import("./slot-list"), preloadNamespaces(["lessons"])]).then(([module]) => ({ default: module.SlotList })),
);

/**
 * A lesson post's slots (issue 22: fans reserve from the lesson tab and from the lesson post): the
 * slots the creator opened for this post, each with its seats, price and the viewer's way in, as
 * the lesson tab shows them. Loaded from the lessons API once the page is up; a post with no slot
 * yet says where its lessons will appear.
 */
export function PostLessonSlots() {
  const { t } = useTranslation("posts");
  const { id, postId } = useParams();
  const root = useRootData();
  const [slots, setSlots] = useState<PublicSlot[] | null>(null);

  const load = useCallback(async () => {
    const result = await callApi<{ slots: PublicSlot[] }>(`/fanclubs/${id}/lessons?post=${postId}`);
    setSlots(result.success ? result.payload.slots : []);
  }, [id, postId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (slots === null) return null;
  if (!slots.length)
    return (
      <p className="flash flash-muted" data-post-lesson-slots="0">
        {t("view.lesson.noSlots")} <a href={`/fanclubs/${id}/lessons`}>{t("view.lesson.allLessons")}</a>
      </p>
    );
  return (
    <div data-post-lesson-slots={slots.length}>
      <Suspense fallback={null}>
        <SlotList
          slots={slots}
          signedIn={Boolean(root?.user)}
          loginUrl={linkBuilder(root).login(typeof window === "undefined" ? undefined : window.location.href)}
          onChanged={() => void load()}
        />
      </Suspense>
    </div>
  );
}
