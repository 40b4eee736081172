import type { InitOptions } from "i18next";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "../server/domain/locale";

/** Options shared by the server render and the browser so both resolve keys the same way. */
export const i18nConfig = {
  supportedLngs: [...SUPPORTED_LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  fallbackNS: "common",
  // our locale codes are lower-case ("zh-tw"); keep them so, and never fall back to a bare "zh"
  lowerCaseLng: true,
  load: "currentOnly",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} satisfies InitOptions;
