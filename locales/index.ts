import enCommon from "./en/common.json";
import enHelp from "./en/help.json";
import jaCommon from "./ja/common.json";
import jaHelp from "./ja/help.json";
import koCommon from "./ko/common.json";
import koHelp from "./ko/help.json";
import zhCnCommon from "./zh-cn/common.json";
import zhCnHelp from "./zh-cn/help.json";
import zhTwCommon from "./zh-tw/common.json";
import zhTwHelp from "./zh-tw/help.json";

/**
 * Every translation, bundled into the Worker. The server renders from here; browsers fetch one
 * namespace of one language at a time from /locales/{lng}/{ns}.json, the first time they need it.
 */
export const resources = {
  ja: { common: jaCommon, help: jaHelp },
  en: { common: enCommon, help: enHelp },
  "zh-cn": { common: zhCnCommon, help: zhCnHelp },
  "zh-tw": { common: zhTwCommon, help: zhTwHelp },
  ko: { common: koCommon, help: koHelp },
} as const;

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";
