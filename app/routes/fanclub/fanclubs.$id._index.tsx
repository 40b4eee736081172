import { useRouteLoaderData } from "@remix-run/react";
import { FanclubHome } from "~/components/fanclub/fanclub-page";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import type { loader } from "./fanclubs.$id";

export const headers = anonymousPageHeaders;

/** The home tab; its data is the layout's (one D1 round trip for the whole page). */
export default function FanclubHomeTab() {
  const view = useRouteLoaderData<typeof loader>("routes/fanclub/fanclubs.$id");
  return view ? <FanclubHome view={view} /> : null;
}
