import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SlotList } from "~/components/lessons/slot-list";
import { withNamespaces } from "~/lib/i18n";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { listPublicSlots } from "../../../server/services/lessons";
import { mergedReads } from "../../../server/http/merged-reads";

export const handle = { i18n: ["common", "fanclub", "lessons"], breadcrumb: () => ({ label: "fanclub:tabs.lessons" }) };
export const clientLoader = withNamespaces(["fanclub", "lessons"]);
export const headers = anonymousPageHeaders;

/** /fanclubs/{id}/lessons: the fan club's lesson slots with the viewer's seats (the frame and its 404 come from the layout). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const list = await listPublicSlots(mergedReads(app), { fanclubId }, app.user?.id ?? null, Date.now());
  return {
    slots: list.slots,
    signedIn: app.user !== null && app.user !== undefined,
    loginUrl: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}`,
  };
}

export default function FanclubLessonsTab() {
  const { slots, signedIn, loginUrl } = useLoaderData<typeof loader>();
  return <SlotList slots={slots} signedIn={signedIn} loginUrl={loginUrl} />;
}
