import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { UpcomingTab } from "~/components/fanclub/fanclub-page";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { FANCLUB_TABS } from "../../../server/domain/fanclub-rules";

export const headers = anonymousPageHeaders;

/** Tabs other than home: posts, products, raffles, lives, lessons, schedules, talks. */
export function loader({ params }: LoaderFunctionArgs) {
  const tab = params.tab ?? "";
  if (tab === "home") throw redirect(`/fanclubs/${params.id}`);
  if (!(FANCLUB_TABS as readonly string[]).includes(tab)) throw new Response(null, { status: 404 });
  return null;
}

export default function FanclubTab() {
  const { tab } = useParams();
  return <UpcomingTab tab={tab ?? ""} />;
}
