import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CategorySelect } from "~/components/fanclub/category-select";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { useTranslation } from "~/lib/i18n";
import { SEARCH_ORDERS } from "../../../server/domain/search-orders";
import { mediaUrl } from "../../../server/domain/images";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { searchFanclubs, searchInputFrom } from "../../../server/services/fanclub-search";

export const handle = { breadcrumb: () => ({ label: "breadcrumb.fanclubs" }) };
// The same results for every signed-out visitor of a query: reused for a few seconds.
export const headers = anonymousPageHeaders;

/** spec §2 /fanclubs?keywords=&category=&order=: search this brand's open fan clubs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const input = searchInputFrom(new URL(request.url).searchParams, app.service?.id ?? null);
  const { keywords, category, order, page } = input;
  const result = await searchFanclubs(app.db, input);
  return {
    keywords,
    category,
    order,
    page,
    title: app.t("fanclubs.title"),
    fanclubs: result.hits.map(({ iconKey, ...h }) => ({ ...h, iconUrl: mediaUrl(iconKey) })),
    hasNext: result.hasNext,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function FanclubSearch() {
  const { t } = useTranslation();
  const { keywords, category, order, page, fanclubs, hasNext } = useLoaderData<typeof loader>();
  const pageHref = (n: number) => {
    const params = new URLSearchParams({ keywords, order: String(order), category: category ?? "", page: String(n) });
    return `/fanclubs?${params}`;
  };
  return (
    <div className="page">
      <h1>{keywords ? t("fanclubs.resultsFor", { keywords }) : t("fanclubs.all")}</h1>
      <Form method="get" className="search-panel" role="search">
        <label htmlFor="search-keywords">{t("fanclubs.keywords")}</label>
        <input id="search-keywords" type="search" name="keywords" defaultValue={keywords} maxLength={100} />
        <input type="hidden" name="order" value={order} />
        <label htmlFor="search-category">{t("fanclubs.category")}</label>
        <CategorySelect id="search-category" name="category" defaultValue={category ?? ""} placeholder={t("fanclubs.allCategories")} />
        <button type="submit" className="button">
          {t("header.search")}
        </button>
      </Form>
      <nav className="sort-nav" aria-label={t("fanclubs.order")}>
        {(Object.entries(SEARCH_ORDERS) as Array<[keyof typeof SEARCH_ORDERS, number]>).map(([name, value]) => (
          <Link
            key={name}
            to={`/fanclubs?${new URLSearchParams({ keywords, order: String(value), category: category ?? "" })}`}
            aria-current={value === order ? "page" : undefined}
          >
            {t(`fanclubs.orders.${name}`)}
          </Link>
        ))}
      </nav>
      {fanclubs.length === 0 ? (
        <div className="empty-state">
          <p>{t("fanclubs.empty")}</p>
          {keywords ? <p className="muted">{t("fanclubs.emptyHint")}</p> : null}
        </div>
      ) : (
        <ul className="fanclub-list">
          {fanclubs.map((f) => (
            <FanclubCard
              key={f.id}
              fanclub={f}
              details={
                <>
                  {f.description ? <span className="fanclub-card-description">{f.description}</span> : null}
                  {f.memberCount !== null ? <span className="muted small">{t("fanclubs.members", { count: f.memberCount })}</span> : null}
                </>
              }
            />
          ))}
        </ul>
      )}
      {page > 1 || hasNext ? (
        <nav className="pager" aria-label={t("fanclubs.pages")}>
          {page > 1 ? <Link to={pageHref(page - 1)}>{t("fanclubs.previous")}</Link> : <span />}
          {hasNext ? <Link to={pageHref(page + 1)}>{t("fanclubs.next")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
