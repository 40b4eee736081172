import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { FanclubFrame } from "~/components/fanclub/fanclub-page";
import { withNamespaces } from "~/lib/i18n";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { fanclubPageFor } from "../../../server/http/fanclub-view";
import { idParam } from "../../../server/http/params";

export const handle = {
  i18n: ["common", "fanclub"],
  breadcrumb: (d: { fanclub?: { name: string } } | undefined) => [
    { label: "breadcrumb.fanclubs", href: "/fanclubs?order=2&category=" },
    ...(d?.fanclub ? [{ label: d.fanclub.name, literal: true }] : []),
  ],
};
export const clientLoader = withNamespaces(["fanclub"]);
// Signed-out visitors all see the same page: reused for a few seconds (docs/decisions/007).
export const headers = anonymousPageHeaders;

/** /fanclubs/{id}: the public fan club (spec §2), with its tabs as child routes. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return fanclubPageFor(context.app, request, { id: idParam(params.id) });
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.fanclub.name },
        { name: "description", content: data.fanclub.description },
        { property: "og:title", content: data.fanclub.name },
        { property: "og:description", content: data.fanclub.description },
        { tagName: "link", rel: "canonical", href: data.fanclub.pageUrl },
      ]
    : [];

export default function FanclubLayout() {
  const view = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const tab = pathname.split("/")[3] ?? "home";
  return (
    <FanclubFrame view={view} tab={tab}>
      <Outlet />
    </FanclubFrame>
  );
}
