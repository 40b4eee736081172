import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { useTranslation } from "~/lib/i18n";
import { formatCompactNumber } from "../../server/domain/number-display";
import { SEARCH_ORDERS, searchFanclubs, type SearchOrder } from "../../server/services/fanclub-search";

export const handle = { breadcrumb: () => ({ label: "breadcrumb.fanclubs" }) };

const ORDER_VALUES = Object.values(SEARCH_ORDERS) as number[];

/** spec §2 /fanclubs?keywords=&category=&order=: search this brand's open fan clubs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const keywords = (url.searchParams.get("keywords") ?? "").trim().slice(0, 100);
  const category = (url.searchParams.get("category") ?? "").trim().slice(0, 30) || null;
  const orderParam = Number(url.searchParams.get("order"));
  // spec §9: the fan search order is 2 (popular) unless another known order is asked for
  const order = (ORDER_VALUES.includes(orderParam) ? orderParam : SEARCH_ORDERS.popular) as SearchOrder;
  const page = Math.min(Math.max(1, Number(url.searchParams.get("page")) || 1), 500);
  const result = await searchFanclubs(app.db, { serviceId: app.service?.id ?? null, keywords, category, order, page });
  return { keywords, category, order, page, title: app.t("fanclubs.title"), fanclubs: result.hits, hasNext: result.hasNext };
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
        <input type="hidden" name="category" value={category ?? ""} />
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
                  {f.displayMemberCount ? <span className="muted small">{t("fanclubs.members", { count: formatCompactNumber(f.memberCount) })}</span> : null}
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
