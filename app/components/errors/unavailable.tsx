import { useTranslation } from "~/lib/i18n";

/** spec §2: 'temporarily unavailable' with the status code and hints to retry or go back. */
export function Unavailable({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <section className="error-page" data-status={status}>
      <p className="error-code">{status}</p>
      <h1>{t("errors.unavailableTitle")}</h1>
      <p>{t("errors.unavailable", { status })}</p>
      <p className="muted">{t("errors.unavailableHint")}</p>
      <ul className="error-links">
        <li>
          <button type="button" className="button button-outline" onClick={() => window.history.back()}>
            {t("errors.back")}
          </button>
        </li>
        <li>
          <a className="button" href="/">
            {t("errors.toTop")}
          </a>
        </li>
      </ul>
    </section>
  );
}
