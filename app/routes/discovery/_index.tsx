import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { readFanclubHistory } from "~/lib/browsing-history";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { isFanclubCategory } from "../../../server/domain/fanclub-rules";
import { SEARCH_ORDERS } from "../../../server/domain/search-orders";
import type { Locale } from "../../../server/domain/locale";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { mediaUrl } from "../../../server/domain/images";
import { translatorFor } from "../../../server/i18n";
import { homeDiscovery, type FanclubSummary } from "../../../server/services/recommendations";

export const handle = { i18n: ["common", "discovery"] };
export const clientLoader = withNamespaces(["discovery"]);

// The same for every signed-out visitor of a brand and language: reused for a few seconds.
export const headers = anonymousPageHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const brand = app.service ?? app.primaryService;
  const brandName = brand?.name ?? "";
  // one D1 round trip for the whole page (a batch), so the home stays cheap to render
  // a signed-in fan's supported fan clubs ride in the same batch (spec §2 home strip)
  const { recommended, categories, supported } = brand
    ? await homeDiscovery(app.db, brand.id, app.user?.id ?? null)
    : { recommended: [], categories: [], supported: null };
  // counts are worded here, so the page's script needs no number formatting of its own
  const card = (f: FanclubSummary): Card => ({
    id: f.id,
    name: f.name,
    creatorName: f.creatorName,
    uniquePath: f.uniquePath,
    members: f.memberCount === null ? null : app.t("fanclubs.members", { count: f.memberCount }),
  });
  return {
    title: app.t("home.title", { brand: brandName }),
    description: app.t("meta.description", { brand: brandName }),
    brandName,
    recommended: recommended.map(card),
    supported: (supported?.fanclubs ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      creatorName: f.creatorName,
      uniquePath: f.uniquePath,
      iconUrl: mediaUrl(f.iconKey),
      planName: f.planName,
      // a fan club of another brand is linked on its own host
      origin: f.serviceId === brand?.id && app.service ? "" : f.frontUrl,
    })),
    supportedMore: supported?.next.hasNext ?? false,
    categories: categories.map((g) => ({
      category: g.category,
      label: categoryLabel(app.locale, g.category),
      fanclubs: g.fanclubs.map(card),
    })),
  };
}

type Card = Pick<FanclubSummary, "id" | "name" | "creatorName" | "uniquePath"> & { members?: string | null };

/** The sort navigation: /fanclubs orders offered from the home page. */
const SORTS = [
  ["new", SEARCH_ORDERS.new],
  ["popular", SEARCH_ORDERS.popular],
  ["updated", SEARCH_ORDERS.updated],
] as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/** The category's name in the visitor's language (the same labels as the creator's form). */
function categoryLabel(locale: Locale, category: string): string {
  return isFanclubCategory(category) ? translatorFor(locale, "common")(`categories.${category}`) : category;
}

/**
 * The home page (spec §2): sort navigation, recommended fan clubs of this brand, the top fan
 * clubs of each category, the fan clubs this browser looked at, and the brands by kind. All but
 * the history is server-rendered: the history lives in this browser only.
 */
export default function Home() {
  const { t } = useTranslation("discovery");
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  return (
    <div className="home">
      <section className="hero">
        <h1>{t("home.heroTitle")}</h1>
        <p>{t("home.heroLead", { brand: data.brandName })}</p>
        <div className="hero-actions">
          <Link className="button" to="/fanclubs?order=2&category=">
            {t("home.heroSearch")}
          </Link>
          <Link className="button button-outline" to="/creator">
            {t("home.heroCreator")}
          </Link>
        </div>
      </section>

      <nav className="sort-nav" aria-label={t("home.sortNav")}>
        {SORTS.map(([name, order]) => (
          <Link key={name} to={`/fanclubs?order=${order}&category=`}>
            {t(`fanclubs.orders.${name}`)}
          </Link>
        ))}
      </nav>

      {data.supported.length ? (
        <section className="home-section" aria-labelledby="supported" data-testid="supported-strip">
          <h2 id="supported">{t("home.supported")}</h2>
          <ul className="fanclub-list fanclub-strip">
            {data.supported.map((f) => (
              <FanclubCard key={f.id} fanclub={f} origin={f.origin} details={<span className="muted small">{f.planName}</span>} />
            ))}
          </ul>
          {data.supportedMore ? (
            <Link className="see-all" to="/me/joining">
              {t("home.supportedAll")}
            </Link>
          ) : null}
        </section>
      ) : null}

      <section className="home-section" aria-labelledby="recommendations">
        <h2 id="recommendations">{t("home.recommendations")}</h2>
        {data.recommended.length ? <Cards list={data.recommended} /> : <p className="empty-state">{t("home.recommendationsEmpty")}</p>}
      </section>

      {data.categories.length ? (
        <section className="home-section" aria-labelledby="categories">
          <h2 id="categories">{t("home.categories")}</h2>
          {data.categories.map((g) => (
            <div key={g.category} className="category-block">
              <h3>{g.label}</h3>
              <Cards list={g.fanclubs} />
              <Link className="see-all" to={`/fanclubs?order=${SEARCH_ORDERS.recommended}&category=${encodeURIComponent(g.category)}`}>
                {t("home.seeAll", { category: g.label })}
              </Link>
            </div>
          ))}
        </section>
      ) : null}

      <History />

      <section className="home-section" aria-labelledby="brand-tabs">
        <h2 id="brand-tabs">{t("home.brandTabs")}</h2>
        {/* Tabs without script: a radio per kind shows its panel (app/styles/discovery.css). */}
        <div className="brand-tabs-kinds">
          {(["official", "indies"] as const).map((kind) => (
            <span key={kind}>
              <input
                type="radio"
                name="brand-kind"
                id={`brand-kind-${kind}`}
                className="visually-hidden"
                defaultChecked={kind === (root?.brand?.kind ?? "official")}
              />
              <label htmlFor={`brand-kind-${kind}`}>{t(`home.${kind}`)}</label>
              <ul className="brand-tab-panel">
                {root?.services
                  .filter((b) => b.kind === kind)
                  .map((b) => (
                    <li key={b.id}>
                      <a
                        className="brand-card"
                        href={`${b.frontUrl}/`}
                        aria-current={b.id === root.brand?.id && root.isBrandHost ? "page" : undefined}
                        style={{ borderColor: b.themeColor }}
                      >
                        <span className="brand-dot" style={{ background: b.themeColor }} aria-hidden="true" />
                        {b.name}
                      </a>
                    </li>
                  ))}
              </ul>
            </span>
          ))}
        </div>
      </section>

      <section className="home-section" aria-labelledby="how">
        <h2 id="how">{t("home.howItWorks")}</h2>
        <ol className="steps">
          {[1, 2, 3].map((n) => (
            <li key={n}>
              <h3>{t(`home.step${n}Title`)}</h3>
              <p>{t(`home.step${n}`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Cards({ list }: { list: Card[] }) {
  return (
    <ul className="fanclub-list">
      {list.map((f) => (
        <FanclubCard key={f.id} fanclub={f} details={f.members ? <span className="muted small">{f.members}</span> : null} />
      ))}
    </ul>
  );
}

/**
 * The browsing history island: the ids live in this browser (most recent last), so it fills in
 * after hydration with one small API call; the server render shows the empty state.
 */
function History() {
  const { t } = useTranslation("discovery");
  const [list, setList] = useState<Card[]>([]);
  useEffect(() => {
    const ids = readFanclubHistory().reverse();
    if (ids.length)
      fetch(`/api/v1/fanclubs/by_ids?ids=${ids}`)
        .then((r) => r.json() as Promise<{ success: boolean; payload: { fanclubs: Card[] } }>)
        .then((r) => r.success && setList(r.payload.fanclubs))
        .catch(() => {});
  }, []);
  return (
    <section className="home-section" aria-labelledby="history">
      <h2 id="history">{t("home.history")}</h2>
      {list.length ? <Cards list={list} /> : <p className="empty-state">{t("home.historyEmpty")}</p>}
    </section>
  );
}
