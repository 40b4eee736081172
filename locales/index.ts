import jaCommon from "./ja/common.json";
import jaHelp from "./ja/help.json";
import jaAccount from "./ja/account.json";
import jaAddress from "./ja/address.json";
import jaPreferences from "./ja/preferences.json";
import jaCreator from "./ja/creator.json";
import jaFanclub from "./ja/fanclub.json";
import jaGroups from "./ja/groups.json";
import jaFans from "./ja/fans.json";
import jaDiscovery from "./ja/discovery.json";
import jaPosts from "./ja/posts.json";
import jaComments from "./ja/comments.json";
import jaUploads from "./ja/uploads.json";
import jaBlog from "./ja/blog.json";
import jaWallet from "./ja/wallet.json";
import jaPayments from "./ja/payments.json";
import jaRenewals from "./ja/renewals.json";
import jaTips from "./ja/tips.json";
import jaLives from "./ja/lives.json";
import jaLive from "./ja/live.json";
import jaRaffles from "./ja/raffles.json";
import jaProducts from "./ja/products.json";
import jaPayouts from "./ja/payouts.json";
import jaInvoices from "./ja/invoices.json";
import jaSales from "./ja/sales.json";
import jaMessages from "./ja/messages.json";
import jaTalks from "./ja/talks.json";
import jaSchedules from "./ja/schedules.json";
import jaCommunity from "./ja/community.json";
import jaLessons from "./ja/lessons.json";
import jaLanding from "./ja/landing.json";
import jaLeak from "./ja/leak.json";
import jaDiscord from "./ja/discord.json";
import jaContests from "./ja/contests.json";
import jaNotices from "./ja/notices.json";
import jaDc3 from "./ja/dc3.json";
import enCommon from "./en/common.json";
import enHelp from "./en/help.json";
import enAccount from "./en/account.json";
import enAddress from "./en/address.json";
import enPreferences from "./en/preferences.json";
import enCreator from "./en/creator.json";
import enFanclub from "./en/fanclub.json";
import enGroups from "./en/groups.json";
import enFans from "./en/fans.json";
import enDiscovery from "./en/discovery.json";
import enPosts from "./en/posts.json";
import enComments from "./en/comments.json";
import enUploads from "./en/uploads.json";
import enBlog from "./en/blog.json";
import enWallet from "./en/wallet.json";
import enPayments from "./en/payments.json";
import enRenewals from "./en/renewals.json";
import enTips from "./en/tips.json";
import enLives from "./en/lives.json";
import enLive from "./en/live.json";
import enRaffles from "./en/raffles.json";
import enProducts from "./en/products.json";
import enPayouts from "./en/payouts.json";
import enInvoices from "./en/invoices.json";
import enSales from "./en/sales.json";
import enMessages from "./en/messages.json";
import enTalks from "./en/talks.json";
import enSchedules from "./en/schedules.json";
import enCommunity from "./en/community.json";
import enLessons from "./en/lessons.json";
import enLanding from "./en/landing.json";
import enLeak from "./en/leak.json";
import enDiscord from "./en/discord.json";
import enContests from "./en/contests.json";
import enNotices from "./en/notices.json";
import enDc3 from "./en/dc3.json";
import zhCnCommon from "./zh-cn/common.json";
import zhCnHelp from "./zh-cn/help.json";
import zhCnAccount from "./zh-cn/account.json";
import zhCnAddress from "./zh-cn/address.json";
import zhCnPreferences from "./zh-cn/preferences.json";
import zhCnCreator from "./zh-cn/creator.json";
import zhCnFanclub from "./zh-cn/fanclub.json";
import zhCnGroups from "./zh-cn/groups.json";
import zhCnFans from "./zh-cn/fans.json";
import zhCnDiscovery from "./zh-cn/discovery.json";
import zhCnPosts from "./zh-cn/posts.json";
import zhCnComments from "./zh-cn/comments.json";
import zhCnUploads from "./zh-cn/uploads.json";
import zhCnBlog from "./zh-cn/blog.json";
import zhCnWallet from "./zh-cn/wallet.json";
import zhCnPayments from "./zh-cn/payments.json";
import zhCnRenewals from "./zh-cn/renewals.json";
import zhCnTips from "./zh-cn/tips.json";
import zhCnLives from "./zh-cn/lives.json";
import zhCnLive from "./zh-cn/live.json";
import zhCnRaffles from "./zh-cn/raffles.json";
import zhCnProducts from "./zh-cn/products.json";
import zhCnPayouts from "./zh-cn/payouts.json";
import zhCnInvoices from "./zh-cn/invoices.json";
import zhCnSales from "./zh-cn/sales.json";
import zhCnMessages from "./zh-cn/messages.json";
import zhCnTalks from "./zh-cn/talks.json";
import zhCnSchedules from "./zh-cn/schedules.json";
import zhCnCommunity from "./zh-cn/community.json";
import zhCnLessons from "./zh-cn/lessons.json";
import zhCnLanding from "./zh-cn/landing.json";
import zhCnLeak from "./zh-cn/leak.json";
import zhCnDiscord from "./zh-cn/discord.json";
import zhCnContests from "./zh-cn/contests.json";
import zhCnNotices from "./zh-cn/notices.json";
import zhCnDc3 from "./zh-cn/dc3.json";
import zhTwCommon from "./zh-tw/common.json";
import zhTwHelp from "./zh-tw/help.json";
import zhTwAccount from "./zh-tw/account.json";
import zhTwAddress from "./zh-tw/address.json";
import zhTwPreferences from "./zh-tw/preferences.json";
import zhTwCreator from "./zh-tw/creator.json";
import zhTwFanclub from "./zh-tw/fanclub.json";
import zhTwGroups from "./zh-tw/groups.json";
import zhTwFans from "./zh-tw/fans.json";
import zhTwDiscovery from "./zh-tw/discovery.json";
import zhTwPosts from "./zh-tw/posts.json";
import zhTwComments from "./zh-tw/comments.json";
import zhTwUploads from "./zh-tw/uploads.json";
import zhTwBlog from "./zh-tw/blog.json";
import zhTwWallet from "./zh-tw/wallet.json";
import zhTwPayments from "./zh-tw/payments.json";
import zhTwRenewals from "./zh-tw/renewals.json";
import zhTwTips from "./zh-tw/tips.json";
import zhTwLives from "./zh-tw/lives.json";
import zhTwLive from "./zh-tw/live.json";
import zhTwRaffles from "./zh-tw/raffles.json";
import zhTwProducts from "./zh-tw/products.json";
import zhTwPayouts from "./zh-tw/payouts.json";
import zhTwInvoices from "./zh-tw/invoices.json";
import zhTwSales from "./zh-tw/sales.json";
import zhTwMessages from "./zh-tw/messages.json";
import zhTwTalks from "./zh-tw/talks.json";
import zhTwSchedules from "./zh-tw/schedules.json";
import zhTwCommunity from "./zh-tw/community.json";
import zhTwLessons from "./zh-tw/lessons.json";
import zhTwLanding from "./zh-tw/landing.json";
import zhTwLeak from "./zh-tw/leak.json";
import zhTwDiscord from "./zh-tw/discord.json";
import zhTwContests from "./zh-tw/contests.json";
import zhTwNotices from "./zh-tw/notices.json";
import zhTwDc3 from "./zh-tw/dc3.json";
import koCommon from "./ko/common.json";
import koHelp from "./ko/help.json";
import koAccount from "./ko/account.json";
import koAddress from "./ko/address.json";
import koPreferences from "./ko/preferences.json";
import koCreator from "./ko/creator.json";
import koFanclub from "./ko/fanclub.json";
import koGroups from "./ko/groups.json";
import koFans from "./ko/fans.json";
import koDiscovery from "./ko/discovery.json";
import koPosts from "./ko/posts.json";
import koComments from "./ko/comments.json";
import koUploads from "./ko/uploads.json";
import koBlog from "./ko/blog.json";
import koWallet from "./ko/wallet.json";
import koPayments from "./ko/payments.json";
import koRenewals from "./ko/renewals.json";
import koTips from "./ko/tips.json";
import koLives from "./ko/lives.json";
import koLive from "./ko/live.json";
import koRaffles from "./ko/raffles.json";
import koProducts from "./ko/products.json";
import koPayouts from "./ko/payouts.json";
import koInvoices from "./ko/invoices.json";
import koSales from "./ko/sales.json";
import koMessages from "./ko/messages.json";
import koTalks from "./ko/talks.json";
import koSchedules from "./ko/schedules.json";
import koCommunity from "./ko/community.json";
import koLessons from "./ko/lessons.json";
import koLanding from "./ko/landing.json";
import koLeak from "./ko/leak.json";
import koDiscord from "./ko/discord.json";
import koContests from "./ko/contests.json";
import koNotices from "./ko/notices.json";
import koDc3 from "./ko/dc3.json";

/**
 * Every translation, bundled into the Worker. The server renders from here; browsers fetch one
 * namespace of one language at a time from /locales/{lng}/{ns}.json, the first time they need it.
 */
export const resources = {
  ja: {
    common: jaCommon,
    help: jaHelp,
    account: jaAccount,
    address: jaAddress,
    preferences: jaPreferences,
    creator: jaCreator,
    fanclub: jaFanclub,
    groups: jaGroups,
    fans: jaFans,
    discovery: jaDiscovery,
    posts: jaPosts,
    comments: jaComments,
    uploads: jaUploads,
    blog: jaBlog,
    payments: jaPayments,
    wallet: jaWallet,
    renewals: jaRenewals,
    tips: jaTips,
    lives: jaLives,
    live: jaLive,
    raffles: jaRaffles,
    products: jaProducts,
    payouts: jaPayouts,
    invoices: jaInvoices,
    sales: jaSales,
    messages: jaMessages,
    talks: jaTalks,
    schedules: jaSchedules,
    community: jaCommunity,
    lessons: jaLessons,
    landing: jaLanding,
    leak: jaLeak,
    discord: jaDiscord,
    contests: jaContests,
    notices: jaNotices,
    dc3: jaDc3,
  },
  en: {
    common: enCommon,
    help: enHelp,
    account: enAccount,
    address: enAddress,
    preferences: enPreferences,
    creator: enCreator,
    fanclub: enFanclub,
    groups: enGroups,
    fans: enFans,
    discovery: enDiscovery,
    posts: enPosts,
    comments: enComments,
    uploads: enUploads,
    blog: enBlog,
    payments: enPayments,
    wallet: enWallet,
    renewals: enRenewals,
    tips: enTips,
    lives: enLives,
    live: enLive,
    raffles: enRaffles,
    products: enProducts,
    payouts: enPayouts,
    invoices: enInvoices,
    sales: enSales,
    messages: enMessages,
    talks: enTalks,
    schedules: enSchedules,
    community: enCommunity,
    lessons: enLessons,
    landing: enLanding,
    leak: enLeak,
    discord: enDiscord,
    contests: enContests,
    notices: enNotices,
    dc3: enDc3,
  },
  "zh-cn": {
    common: zhCnCommon,
    help: zhCnHelp,
    account: zhCnAccount,
    address: zhCnAddress,
    preferences: zhCnPreferences,
    creator: zhCnCreator,
    fanclub: zhCnFanclub,
    groups: zhCnGroups,
    fans: zhCnFans,
    discovery: zhCnDiscovery,
    posts: zhCnPosts,
    comments: zhCnComments,
    uploads: zhCnUploads,
    blog: zhCnBlog,
    payments: zhCnPayments,
    wallet: zhCnWallet,
    renewals: zhCnRenewals,
    tips: zhCnTips,
    lives: zhCnLives,
    live: zhCnLive,
    raffles: zhCnRaffles,
    products: zhCnProducts,
    payouts: zhCnPayouts,
    invoices: zhCnInvoices,
    sales: zhCnSales,
    messages: zhCnMessages,
    talks: zhCnTalks,
    schedules: zhCnSchedules,
    community: zhCnCommunity,
    lessons: zhCnLessons,
    landing: zhCnLanding,
    leak: zhCnLeak,
    discord: zhCnDiscord,
    contests: zhCnContests,
    notices: zhCnNotices,
    dc3: zhCnDc3,
  },
  "zh-tw": {
    common: zhTwCommon,
    help: zhTwHelp,
    account: zhTwAccount,
    address: zhTwAddress,
    preferences: zhTwPreferences,
    creator: zhTwCreator,
    fanclub: zhTwFanclub,
    groups: zhTwGroups,
    fans: zhTwFans,
    discovery: zhTwDiscovery,
    posts: zhTwPosts,
    comments: zhTwComments,
    uploads: zhTwUploads,
    blog: zhTwBlog,
    payments: zhTwPayments,
    wallet: zhTwWallet,
    renewals: zhTwRenewals,
    tips: zhTwTips,
    lives: zhTwLives,
    live: zhTwLive,
    raffles: zhTwRaffles,
    products: zhTwProducts,
    payouts: zhTwPayouts,
    invoices: zhTwInvoices,
    sales: zhTwSales,
    messages: zhTwMessages,
    talks: zhTwTalks,
    schedules: zhTwSchedules,
    community: zhTwCommunity,
    lessons: zhTwLessons,
    landing: zhTwLanding,
    leak: zhTwLeak,
    discord: zhTwDiscord,
    contests: zhTwContests,
    notices: zhTwNotices,
    dc3: zhTwDc3,
  },
  ko: {
    common: koCommon,
    help: koHelp,
    account: koAccount,
    address: koAddress,
    preferences: koPreferences,
    creator: koCreator,
    fanclub: koFanclub,
    groups: koGroups,
    fans: koFans,
    discovery: koDiscovery,
    posts: koPosts,
    comments: koComments,
    uploads: koUploads,
    blog: koBlog,
    payments: koPayments,
    wallet: koWallet,
    renewals: koRenewals,
    tips: koTips,
    lives: koLives,
    live: koLive,
    raffles: koRaffles,
    products: koProducts,
    payouts: koPayouts,
    invoices: koInvoices,
    sales: koSales,
    messages: koMessages,
    talks: koTalks,
    schedules: koSchedules,
    community: koCommunity,
    lessons: koLessons,
    landing: koLanding,
    leak: koLeak,
    discord: koDiscord,
    contests: koContests,
    notices: koNotices,
    dc3: koDc3,
  },
} as const;

export { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./namespaces";
