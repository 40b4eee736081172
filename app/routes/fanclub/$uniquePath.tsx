import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FanclubFrame, FanclubHome } from "~/components/fanclub/fanclub-page";
import { isValidUniquePath } from "../../../server/domain/fanclub-rules";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { fanclubPageFor } from "../../../server/http/fanclub-view";
import { meta as fanclubMeta } from "./fanclubs.$id";

// the same page as /fanclubs/{id}: same texts, breadcrumbs and cache rule
export { clientLoader, handle } from "./fanclubs.$id";
export const headers = anonymousPageHeaders;

/**
 * `/@{uniquePath}`: the fan club by its chosen address (spec §2). Any other single-segment path
 * that no route claims is a 404 here, as before.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const segment = params.uniquePath ?? "";
  const path = segment.startsWith("@") ? segment.slice(1).toLowerCase() : "";
  if (!path || !isValidUniquePath(path)) throw new Response(null, { status: 404 });
  return fanclubPageFor(context.app, request, { uniquePath: path });
}

export const meta: MetaFunction<typeof loader> = (args) => fanclubMeta(args as unknown as Parameters<typeof fanclubMeta>[0]);

export default function FanclubByPath() {
  const view = useLoaderData<typeof loader>();
  return (
    <FanclubFrame view={view} tab="home">
      <FanclubHome view={view} />
    </FanclubFrame>
  );
}
