import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

export const handle = { breadcrumb: () => ({ label: "breadcrumb.fanclubs" }) };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const keywords = (url.searchParams.get("keywords") ?? "").trim().slice(0, 100);
  return {
    keywords,
    title: context.app.t("fanclubs.title"),
    // Fan clubs arrive with the fan clubs issue; the search has nothing to find before that.
    fanclubs: [] as Array<{ id: number; name: string }>,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function FanclubSearch() {
  const { t } = useTranslation();
  const { keywords, fanclubs } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{keywords ? t("fanclubs.resultsFor", { keywords }) : t("fanclubs.all")}</h1>
      <Form method="get" className="search-panel" role="search">
        <label htmlFor="search-keywords">{t("fanclubs.keywords")}</label>
        <input id="search-keywords" type="search" name="keywords" defaultValue={keywords} maxLength={100} />
        <input type="hidden" name="order" value="2" />
        <input type="hidden" name="category" value="" />
        <button type="submit" className="button">
          {t("header.search")}
        </button>
      </Form>
      {fanclubs.length === 0 ? (
        <div className="empty-state">
          <p>{t("fanclubs.empty")}</p>
          {keywords ? <p className="muted">{t("fanclubs.emptyHint")}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
