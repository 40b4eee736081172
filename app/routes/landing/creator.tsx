import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { PLAN_PRICE } from "../../../server/domain/fanclub-rules";
import { formatYen } from "../../../server/domain/number-display";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "landing"] };
export const clientLoader = withNamespaces(["landing"]);
// The same for every signed-out visitor: reused for a few seconds (docs/decisions/007).
export const headers = anonymousPageHeaders;

/** The creator landing page's sections, in order; each is an anchor (`/creator#flow`). */
const LANDING_SECTIONS = ["about", "feature", "flow", "sales", "plans", "faq"] as const;

export function loader({ context }: LoaderFunctionArgs) {
  const t = translatorFor(context.app.locale, "landing");
  return { title: t("creator.title"), description: t("creator.lead") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title },
  { name: "description", content: data?.description },
];

/**
 * /creator: the creator landing page (spec §2 "implied by styling": about, feature, flow, sales,
 * plans, faq). Static text; the call to action is the sidebar's own 'open a fan club' link, so the
 * two never disagree, and sign-up for visitors.
 */
export default function CreatorLanding() {
  const { t } = useTranslation("landing");
  const root = useRootData();
  const links = linkBuilder(root);
  const open = root?.creator?.openButton;
  const cta = !root?.user ? (
    <a className="button" href={links.user("/account/sign_up")}>
      {t("creator.ctaSignUp")}
    </a>
  ) : open?.kind === "open" ? (
    <a className="button" href={open.href} data-testid="landing-open">
      {t("creator.cta")}
    </a>
  ) : null;
  return (
    <div className="landing">
      <section className="hero">
        <h1>{t("creator.title")}</h1>
        <p>{t("creator.lead")}</p>
        <div className="hero-actions">{cta}</div>
      </section>
      <nav className="landing-nav" aria-label={t("creator.nav")}>
        {LANDING_SECTIONS.map((s) => (
          <a key={s} href={`#${s}`}>
            {t(`creator.${s}.title`)}
          </a>
        ))}
      </nav>
      <section id="about" className="landing-section">
        <h2>{t("creator.about.title")}</h2>
        <p>{t("creator.about.body")}</p>
      </section>
      <section id="feature" className="landing-section">
        <h2>{t("creator.feature.title")}</h2>
        <ul className="landing-features">
          {(["posts", "plans", "lives", "shop"] as const).map((k) => (
            <li key={k} className="card">
              {t(`creator.feature.${k}`)}
            </li>
          ))}
        </ul>
      </section>
      <section id="flow" className="landing-section">
        <h2>{t("creator.flow.title")}</h2>
        <ol className="landing-flow">
          {(["step1", "step2", "step3", "step4"] as const).map((k) => (
            <li key={k}>{t(`creator.flow.${k}`)}</li>
          ))}
        </ol>
      </section>
      <section id="sales" className="landing-section">
        <h2>{t("creator.sales.title")}</h2>
        <p>{t("creator.sales.body")}</p>
      </section>
      <section id="plans" className="landing-section">
        <h2>{t("creator.plans.title")}</h2>
        <p>{t("creator.plans.body", { min: formatYen(PLAN_PRICE.min), max: formatYen(PLAN_PRICE.max) })}</p>
      </section>
      <section id="faq" className="landing-section">
        <h2>{t("creator.faq.title")}</h2>
        <dl className="landing-faq">
          {(["1", "2", "3"] as const).map((n) => (
            <div key={n}>
              <dt>{t(`creator.faq.q${n}`)}</dt>
              <dd>{t(`creator.faq.a${n}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="hero-actions">{cta}</div>
    </div>
  );
}
