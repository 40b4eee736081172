import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { getGroupPage } from "../../../server/services/groups";

type GroupLayoutData = Awaited<ReturnType<typeof loader>>;

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: (data: GroupLayoutData | undefined) =>
    data ? { label: data.group.name, literal: true, to: `/groups/${data.group.id}` } : [],
};
export const clientLoader = withNamespaces(["groups"]);

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * /groups/{id}: the group header and tabs shared by home, posts and notifies (spec §2 group
 * pages). An unknown or closed group is not found; a group of another brand is shown on its own
 * brand.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw new Response(null, { status: 404 });
  const group = await getGroupPage(app.db, id.data);
  if (!group) throw new Response(null, { status: 404 });
  if (app.service && app.service.id !== group.serviceId) {
    const home = app.services.find((s) => s.id === group.serviceId);
    const url = new URL(request.url);
    if (home) throw redirect(`${home.frontUrl}${url.pathname}${url.search}`);
  }
  return { group };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.group.name }];

export default function GroupLayout() {
  const { t } = useTranslation("groups");
  const { group } = useLoaderData<typeof loader>();
  const base = `/groups/${group.id}`;
  const { pathname } = useLocation();
  const tab = (to: string) => ({ to, "aria-current": pathname === to ? ("page" as const) : undefined });
  return (
    <div className="page">
      <h1>{group.name}</h1>
      <nav className="sort-nav" aria-label={t("page.tabs")}>
        <Link {...tab(base)}>{t("page.home")}</Link>
        <Link {...tab(`${base}/posts`)}>{t("page.posts")}</Link>
        <Link {...tab(`${base}/notifies`)}>{t("page.notifies")}</Link>
      </nav>
      <Outlet />
    </div>
  );
}
