import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { anonymousPageHeaders } from "../../server/http/page-cache";

// The same for every signed-out visitor of a brand and language: reused for a few seconds.
export const headers = anonymousPageHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const brandName = app.service?.name ?? app.primaryService?.name ?? "";
  return {
    title: app.t("home.title", { brand: brandName }),
    description: app.t("meta.description", { brand: brandName }),
    brandName,
    brands: app.services.map((s) => ({ id: s.id, name: s.name, kind: s.kind, frontUrl: s.frontUrl, themeColor: s.themeColor })),
    currentBrandId: app.service?.id ?? -1,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/**
 * The home page. Fan club recommendations and browsing history fill in as fan clubs and posts
 * land; until then each section says plainly that it is empty.
 */
export default function Home() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const kinds = ["official", "indies"] as const;
  return (
    <div className="home">
      <section className="hero">
        <h1>{t("home.heroTitle")}</h1>
        <p>{t("home.heroLead", { brand: data.brandName })}</p>
        <div className="hero-actions">
          <Link className="button" to="/fanclubs?order=2&category=">
            {t("home.heroSearch")}
          </Link>
          <Link className="button button-outline" to="/help/fanclub_open_flow">
            {t("home.heroCreator")}
          </Link>
        </div>
      </section>

      <section className="home-section" aria-labelledby="brand-tabs">
        <h2 id="brand-tabs">{t("home.brandTabs")}</h2>
        <div className="brand-tabs">
          {kinds.map((kind) => (
            <div key={kind} className="brand-tab-group">
              <h3>{t(`home.${kind}`)}</h3>
              <ul>
                {data.brands
                  .filter((b) => b.kind === kind)
                  .map((b) => (
                    <li key={b.id}>
                      <a
                        className="brand-card"
                        href={`${b.frontUrl}/`}
                        aria-current={b.id === data.currentBrandId ? "page" : undefined}
                        style={{ borderColor: b.themeColor }}
                      >
                        <span className="brand-dot" style={{ background: b.themeColor }} aria-hidden="true" />
                        {b.name}
                      </a>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <nav className="sort-nav" aria-label={t("home.recommendations")}>
        <Link to="/fanclubs?order=1&category=">{t("home.sortNew")}</Link>
        <Link to="/fanclubs?order=2&category=">{t("home.sortPopular")}</Link>
        <Link to="/fanclubs?order=3&category=">{t("home.sortRecommended")}</Link>
      </nav>

      <section className="home-section" aria-labelledby="recommendations">
        <h2 id="recommendations">{t("home.recommendations")}</h2>
        <p className="empty-state">{t("home.recommendationsEmpty")}</p>
      </section>

      <section className="home-section" aria-labelledby="history">
        <h2 id="history">{t("home.history")}</h2>
        <p className="empty-state">{t("home.historyEmpty")}</p>
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
