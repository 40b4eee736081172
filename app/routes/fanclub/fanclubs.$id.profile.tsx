import { useRouteLoaderData } from "@remix-run/react";
import { FanclubProfile } from "~/components/fanclub/fanclub-profile";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import type { loader } from "./fanclubs.$id";

export const headers = anonymousPageHeaders;

/** /fanclubs/{id}/profile: the profile tab (spec §2); its data is the layout's, no query of its own. */
export default function FanclubProfileTab() {
  const view = useRouteLoaderData<typeof loader>("routes/fanclub/fanclubs.$id");
  return view ? <FanclubProfile view={view} /> : null;
}
