import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";

/** spec §2: not-found text with links to the top, fan club search and the help centre. */
export function NotFound() {
  const { t } = useTranslation();
  const links = linkBuilder(useRootData());
  return (
    <section className="error-page" data-status="404">
      <p className="error-code">404</p>
      <h1>{t("errors.notFoundTitle")}</h1>
      <p>{t("errors.notFound")}</p>
      <p className="muted">{t("errors.notFoundHint")}</p>
      <ul className="error-links">
        <li>
          <a className="button" href={links.brand("/")}>
            {t("errors.toTop")}
          </a>
        </li>
        <li>
          <a className="button button-outline" href={links.brand("/fanclubs?order=2&category=")}>
            {t("errors.toSearch")}
          </a>
        </li>
        <li>
          <a className="button button-outline" href={links.help("guideline")}>
            {t("errors.toHelp")}
          </a>
        </li>
      </ul>
    </section>
  );
}
