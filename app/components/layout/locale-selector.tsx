import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "../../../server/domain/locale";

/**
 * Choosing a language reloads the page with ?locale=xx; the server stores it in the locale
 * cookie and shows the same page in that language. Works without JavaScript via the button.
 */
export function LocaleSelector({ locale, id = "locale-select" }: { locale: string; id?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const params = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== "locale");
  return (
    <form method="get" action={location.pathname} className="locale-selector">
      {params.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <label className="visually-hidden" htmlFor={id}>
        {t("locale.label")}
      </label>
      <select
        id={id}
        name="locale"
        defaultValue={locale}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        aria-label={t("locale.label")}
      >
        {SUPPORTED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="button button-small">
          {t("locale.apply")}
        </button>
      </noscript>
    </form>
  );
}
