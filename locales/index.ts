import enCommon from "./en/common.json";
import enAccount from "./en/account.json";
import enAddress from "./en/address.json";
import enPreferences from "./en/preferences.json";
import enHelp from "./en/help.json";
import jaCommon from "./ja/common.json";
import jaAccount from "./ja/account.json";
import jaAddress from "./ja/address.json";
import jaPreferences from "./ja/preferences.json";
import jaHelp from "./ja/help.json";
import koCommon from "./ko/common.json";
import koAccount from "./ko/account.json";
import koAddress from "./ko/address.json";
import koPreferences from "./ko/preferences.json";
import koHelp from "./ko/help.json";
import zhCnCommon from "./zh-cn/common.json";
import zhCnAccount from "./zh-cn/account.json";
import zhCnAddress from "./zh-cn/address.json";
import zhCnPreferences from "./zh-cn/preferences.json";
import zhCnHelp from "./zh-cn/help.json";
import zhTwCommon from "./zh-tw/common.json";
import zhTwAccount from "./zh-tw/account.json";
import zhTwAddress from "./zh-tw/address.json";
import zhTwPreferences from "./zh-tw/preferences.json";
import zhTwHelp from "./zh-tw/help.json";

/**
 * Every translation, bundled into the Worker. The server renders from here; browsers fetch one
 * namespace of one language at a time from /locales/{lng}/{ns}.json, the first time they need it.
 */
export const resources = {
  ja: { common: jaCommon, help: jaHelp, account: jaAccount, address: jaAddress, preferences: jaPreferences },
  en: { common: enCommon, help: enHelp, account: enAccount, address: enAddress, preferences: enPreferences },
  "zh-cn": { common: zhCnCommon, help: zhCnHelp, account: zhCnAccount, address: zhCnAddress, preferences: zhCnPreferences },
  "zh-tw": { common: zhTwCommon, help: zhTwHelp, account: zhTwAccount, address: zhTwAddress, preferences: zhTwPreferences },
  ko: { common: koCommon, help: koHelp, account: koAccount, address: koAddress, preferences: koPreferences },
} as const;

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";
