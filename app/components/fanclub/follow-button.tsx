import { useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";

/** Follow / unfollow without leaving the page; the server's answer decides what the button says. */
export function FollowButton({
  fanclubId,
  initiallyFollowing,
  onFollowerCount,
}: {
  fanclubId: number;
  initiallyFollowing: boolean;
  /** the fan club's follower count after the change, for a counter beside the button */
  onFollowerCount?: (count: number) => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [following, setFollowing] = useState(initiallyFollowing);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const res = await callApi<{ following: boolean; followerCount: number }>(`/fanclubs/${fanclubId}/follow`, {
        method: following ? "DELETE" : "POST",
      });
      if (!res.success) throw new Error(res.payload.message);
      setFollowing(res.payload.following);
      if (typeof res.payload.followerCount === "number") onFollowerCount?.(res.payload.followerCount);
    } catch (e) {
      toast.show(e instanceof Error && e.message ? e.message : t("errors.generic"), "error");
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={following ? "button button-secondary button-small" : "button button-small"}
      aria-pressed={following}
      onClick={toggle}
      disabled={busy}
    >
      {following ? t("follow.following") : t("follow.follow")}
    </button>
  );
}
