import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { UpcomingSection } from "~/components/creator/upcoming-section";
import { withNamespaces } from "~/lib/i18n";
import { UPCOMING_SECTIONS } from "../../../server/domain/creator-menu";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";

export const handle = {
  i18n: ["common", "creator"],
  breadcrumb: (d: { title?: string } | undefined) => (d?.title ? { label: d.title, literal: true } : []),
};
export const clientLoader = withNamespaces(["creator"]);

/**
 * Management sections that come with later features (posts, shop, talks, lives, money): authorized
 * by the same permission as their future pages, and honest about not being open yet.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const section = params.section ?? "";
  if (!Object.hasOwn(UPCOMING_SECTIONS, section)) throw new Response(null, { status: 404 });
  requireCreator(context.app, request, UPCOMING_SECTIONS[section]!);
  return { section, title: translatorFor(context.app.locale, "creator")(`sections.${section}`) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Section() {
  const { section } = useLoaderData<typeof loader>();
  return <UpcomingSection section={section} />;
}
