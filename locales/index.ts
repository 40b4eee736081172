import enCommon from "./en/common.json";
import enAccount from "./en/account.json";
import enHelp from "./en/help.json";
import jaCommon from "./ja/common.json";
import jaAccount from "./ja/account.json";
import jaHelp from "./ja/help.json";
import koCommon from "./ko/common.json";
import koAccount from "./ko/account.json";
import koHelp from "./ko/help.json";
import zhCnCommon from "./zh-cn/common.json";
import zhCnAccount from "./zh-cn/account.json";
import zhCnHelp from "./zh-cn/help.json";
import zhTwCommon from "./zh-tw/common.json";
import zhTwAccount from "./zh-tw/account.json";
import zhTwHelp from "./zh-tw/help.json";

/**
 * Every translation, bundled into the Worker. The server renders from here; browsers fetch one
 * namespace of one language at a time from /locales/{lng}/{ns}.json, the first time they need it.
 */
export const resources = {
  ja: { common: jaCommon, help: jaHelp, account: jaAccount },
  en: { common: enCommon, help: enHelp, account: enAccount },
  "zh-cn": { common: zhCnCommon, help: zhCnHelp, account: zhCnAccount },
  "zh-tw": { common: zhTwCommon, help: zhTwHelp, account: zhTwAccount },
  ko: { common: koCommon, help: koHelp, account: koAccount },
} as const;

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";
