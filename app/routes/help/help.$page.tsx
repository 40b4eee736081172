import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { HelpArticle } from "~/components/help-article";
import { withNamespaces } from "~/lib/i18n";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { translatorFor } from "../../../server/i18n";

export const HELP_PAGES = [
  "company",
  "terms",
  "privacy",
  "law",
  "faq",
  "guideline",
  "fanclub_open_flow",
  "fanclub_close",
  "leave",
  "fanclub_open_request",
] as const;

// Static text per brand and language: reused for a few seconds.
export const headers = anonymousPageHeaders;

export const clientLoader = withNamespaces(["help"]);

export const handle = {
  i18n: ["common", "help"],
  breadcrumb: (data: { title?: string } | undefined) => [
    { label: "breadcrumb.help" },
    ...(data?.title ? [{ label: data.title, literal: true }] : []),
  ],
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = params.page ?? "";
  // spec §2: a route's validation step failing shows the 404 page.
  if (!(HELP_PAGES as readonly string[]).includes(page)) throw new Response("Not Found", { status: 404 });
  const t = translatorFor(context.app.locale, "help");
  return { page, title: t(`pages.${page}.title`), lead: t(`pages.${page}.lead`) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }, { name: "description", content: data?.lead }];

export default function HelpPage() {
  const { page } = useLoaderData<typeof loader>();
  return <HelpArticle page={page} />;
}
