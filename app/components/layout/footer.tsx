import { useTranslation } from "~/lib/i18n";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "../../../server/domain/locale";
import { linkBuilder } from "~/lib/links";
import { scrollToTop } from "~/lib/motion";
import type { RootData } from "~/lib/root-data";
import { Breadcrumbs } from "./breadcrumbs";
import { PaymentLogos } from "./payment-logos";

const HELP_PAGES = ["faq", "guideline", "fanclub_open_flow", "fanclub_open_request", "fanclub_close", "leave", "inquiry"] as const;
const LEGAL_PAGES = ["company", "terms", "privacy", "law"] as const;

/** spec §2 footer: back to top, breadcrumbs, help and legal links, languages, payments, copyright. */
export function Footer({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const links = linkBuilder(data);
  return (
    <footer className="footer">
      <button type="button" className="back-to-top" onClick={scrollToTop}>
        ↑ {t("footer.backToTop")}
      </button>
      <Breadcrumbs />
      <div className="footer-columns">
        {(
          [
            ["footer.help", HELP_PAGES],
            ["footer.legal", LEGAL_PAGES],
          ] as const
        ).map(([heading, pages]) => (
          <section key={heading}>
            <h2>{t(heading)}</h2>
            <ul>
              {pages.map((page) => (
                <li key={page}>
                  <a href={links.help(page)}>{t(`helpLinks.${page}`)}</a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section>
          <h2>{t("footer.languages")}</h2>
          <ul className="footer-languages">
            {SUPPORTED_LOCALES.map((code) => (
              <li key={code}>
                <a href={`?locale=${code}`} lang={code} aria-current={code === data.locale ? "true" : undefined}>
                  {LOCALE_NAMES[code]}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2>{t("footer.payments")}</h2>
          <PaymentLogos cardsLabel={t("footer.cards")} coinLabel={t("footer.coin")} />
          <p className="footer-note">{t("footer.taxNote")}</p>
        </section>
      </div>
      <p className="copyright">{t("footer.copyright", { year: data.year, brand: data.brand?.name ?? "" })}</p>
    </footer>
  );
}
