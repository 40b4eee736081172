// Local demo data as idempotent SQL. Plain JavaScript on purpose: the seed script (Node, before the
// worker exists) and the integration tests (inside workerd) build the very same statements.
import { liveEventDemoStatements } from "./live-events-demo.mjs";

import { tipDemoStatements } from "./tips-demo.mjs";

import { raffleDemoStatements } from "./raffles-demo.mjs";

import { productDemoStatements } from "./products-demo.mjs";
import { payoutDemoStatements } from "./payouts-demo.mjs";

import { earningDemoStatements } from "./earnings-demo.mjs";
import { leakDemoStatements } from "./leak-demo.mjs";
import { dc3DemoStatements } from "./dc3-demo.mjs";
import { imageDemoStatements } from "./images-demo.mjs";
import { postProductDemoStatements } from "./post-products-demo.mjs";
import { discordDemoStatements } from "./discord-demo.mjs";
import { contestDemoStatements } from "./contests-demo.mjs";
import { noticeDemoStatements } from "./notices-demo.mjs";
import { messageDemoStatements } from "./messages-demo.mjs";
import { talkDemoStatements } from "./talks-demo.mjs";
import { goalsDemoStatements } from "./goals-demo.mjs";
import { lessonDemoStatements } from "./lessons-demo.mjs";
import { owedRefundDemoStatements } from "./owed-refunds-demo.mjs";
import { lessonTicketDemoStatements } from "./lesson-tickets-demo.mjs";
import { specialTicketSaleDemoStatements } from "./special-tickets-demo.mjs";

/** @typedef {{ scheme: "http" | "https", port: string }} SeedOrigin */

const BRANDS = [
  {
    id: 1,
    domain: "www.fanclub.localhost",
    name: "Fanclub",
    kind: "official",
    cssClass: "theme-fanclub",
    themeColor: "#e4007f",
    requireOpenRequest: true,
    requireBasic: false,
    logo: "/brands/fanclub/logo.svg",
    fullLogo: "/brands/fanclub/full-logo.svg",
    ogp: "/brands/fanclub/ogp.png",
    isPrimary: true,
    sortOrder: 1,
  },
  {
    id: 2,
    domain: "indies.fanclub.localhost",
    name: "Fanclub Indies",
    kind: "indies",
    cssClass: "theme-indies",
    themeColor: "#1d7af3",
    requireOpenRequest: false,
    requireBasic: false,
    logo: "/brands/indies/logo.svg",
    fullLogo: "/brands/indies/full-logo.svg",
    ogp: "/brands/indies/ogp.png",
    isPrimary: false,
    sortOrder: 2,
  },
  {
    id: 3,
    domain: "kirameki.localhost",
    name: "Kirameki",
    kind: "official",
    cssClass: "theme-kirameki",
    themeColor: "#8a4dff",
    requireOpenRequest: true,
    requireBasic: false,
    logo: "/brands/kirameki/logo.svg",
    fullLogo: "/brands/kirameki/full-logo.svg",
    ogp: "/brands/kirameki/ogp.png",
    isPrimary: false,
    sortOrder: 3,
  },
];

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;
/** @param {boolean} value */
const b = (value) => (value ? "1" : "0");

/**
 * @param {SeedOrigin} origin
 * @returns {string[]} statements, each idempotent (running the seed twice changes nothing)
 */
export function seedStatements(origin) {
  const port = origin.port ? `:${origin.port}` : "";
  return BRANDS.map((s) => {
    const frontUrl = `${origin.scheme}://${s.domain}${port}`;
    return (
      "INSERT INTO services (id, domain, name, kind, css_class, theme_color, front_url, require_open_request, require_basic, logo, full_logo, ogp, is_primary, sort_order, created_at) VALUES (" +
      [
        s.id,
        q(s.domain),
        q(s.name),
        q(s.kind),
        q(s.cssClass),
        q(s.themeColor),
        q(frontUrl),
        b(s.requireOpenRequest),
        b(s.requireBasic),
        q(s.logo),
        q(s.fullLogo),
        q(s.ogp),
        b(s.isPrimary),
        s.sortOrder,
        "1767225600000",
      ].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET domain = excluded.domain, name = excluded.name, kind = excluded.kind, css_class = excluded.css_class, theme_color = excluded.theme_color, front_url = excluded.front_url, require_open_request = excluded.require_open_request, require_basic = excluded.require_basic, logo = excluded.logo, full_logo = excluded.full_logo, ogp = excluded.ogp, is_primary = excluded.is_primary, sort_order = excluded.sort_order;"
    );
  });
}

export const SEEDED_BRANDS = BRANDS.map(({ id, domain, name, kind }) => ({ id, domain, name, kind }));

// ---------------------------------------------------------------------------------------------
// Demo content for `npm run dev`: creators, fan clubs, plans, fans and the ties between them, so
// every fan club screen has real rows to show. The workers tests start from the brands alone
// (tests/workers/setup.ts); only the seed script and tests/workers/demo-seed.test.ts add this.
//
// Ids sit in reserved ranges (users from 1001, fan clubs from 101, plans from 1011, memberships
// from 10101, group 101) so that a local database that already holds accounts made by hand keeps
// them: an upsert on id 1 would otherwise turn someone's own account into a demo one.
//
// Re-running: profile rows (accounts, fan clubs with their tags and search row, plans, the group)
// are reset to the seeded text, timestamps excepted, so the seed can be edited and re-applied.
// Ties (memberships, follows, editors, managers, group members) are inserted when missing and
// never overwritten: ones added while clicking through the demo stay, a membership someone left
// stays left. Counters are recomputed from the rows at the end, whatever happened in between.

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "fanclub-demo";

/**
 * `hashPassword("fanclub-demo")` of server/security/crypto.ts (PBKDF2-SHA256, 100,000 iterations,
 * base64url salt and hash), computed once in Node. A literal because this file also runs inside
 * workerd, and because a fixed salt keeps the seed idempotent.
 */
const DEMO_PASSWORD_HASH = "pbkdf2-sha256$100000$nPD001GCarmAmU1tN2BEGg$1adD3e0SkHmqkPNDNZNOXwn4l_5ZyHTepjZt0lS5gEE";

const DEMO_EMAIL_DOMAIN = "demo.fanclub.localhost";
const DAY = 86_400_000;

/**
 * Commercial-law texts (特定商取引法に基づく表記) of an individual creator who discloses the
 * seller's details on request, as the law allows.
 * @param {string} contactUrl
 */
const lawTexts = (contactUrl) => ({
  price: "各プランに表示された月額料金（税込）",
  paymentMethod: "クレジットカード、コイン",
  paymentTime: "初回はお申し込み時、以降は毎月の更新日に自動でお支払いいただきます。",
  deliveryTime: "お支払いの完了後、すぐに特典をご覧いただけます。",
  contract: "いつでも退会できます。退会後も次の更新日の前日まで特典をご覧いただけます。日割りでの返金はいたしません。",
  contact: `販売事業者の氏名・所在地・電話番号は、請求があった場合に遅滞なく開示します。お問い合わせは ${contactUrl} からお送りください。`,
});

/**
 * @typedef {{ label: string, url: string }} DemoLink
 * @typedef {{ name: string, price: number, description: string, joinLimit?: number, closed?: boolean }} DemoPlanInput
 * @typedef {[member: number | string, planNo: number]} DemoJoin  fan number (1–20) or account key, and the plan's 1-based position
 * @typedef {{
 *   id: number, serviceId: number, owner: string, name: string, creatorName: string, uniquePath: string,
 *   category: string, initials: string, hue: number, description: string, introduction: string,
 *   tags: string[], links: DemoLink[], law?: boolean, invoiceNumber?: string, edited: boolean,
 *   images: boolean, displayMemberCount?: boolean, createdDaysAgo: number, activeDaysAgo: number,
 *   plans: DemoPlanInput[], members: DemoJoin[], followers: (number | string)[]
 * }} DemoFanclubInput
 */

/** @type {DemoFanclubInput[]} */
const FANCLUBS = [
  // ---- brand 1: Fanclub (www)
  {
    id: 101,
    serviceId: 1,
    owner: "creator01",
    name: "星野あかりの星空ラウンジ",
    creatorName: "星野あかり",
    uniquePath: "hoshino_akari",
    category: "vtuber",
    initials: "HA",
    hue: 265,
    description: "星の海から配信中のVTuber・星野あかりの公式ファンクラブ。メンバー限定の歌枠アーカイブや、毎週の雑談ラジオをお届けします。",
    introduction:
      "はじめまして、星野あかりです！\n夜空が大好きで、毎晩22時ごろから雑談・ゲーム・歌枠の配信をしています。\n\nファンクラブでは、配信ではお話しできない裏話や、メンバー限定のボイス、月替わりの壁紙をお届けします。\nいっしょに星空をながめながら、のんびり過ごしましょう。",
    tags: ["VTuber", "歌枠", "雑談", "ゲーム実況"],
    links: [
      { label: "X", url: "https://x.example/hoshino_akari" },
      { label: "YouTube", url: "https://youtube.example/@hoshino_akari" },
    ],
    law: true,
    edited: true,
    images: true,
    createdDaysAgo: 180,
    activeDaysAgo: 0.2,
    plans: [
      { name: "星見の会（無料）", price: 0, description: "配信のお知らせと、無料公開の記事をご覧いただけます。" },
      { name: "ベーシック", price: 500, description: "限定ボイスと月替わり壁紙、メンバー限定配信のアーカイブをご覧いただけます。" },
      { name: "プレミアム", price: 2000, description: "ベーシックの特典に加えて、月1回のメンバー限定配信でお名前を読み上げます。" },
      {
        name: "創刊メンバー",
        price: 1000,
        description: "ファンクラブ開設から1か月間だけ募集した記念プランです。募集は終了しました。",
        closed: true,
      },
    ],
    members: [
      [1, 4],
      [2, 4],
      [3, 2],
      [5, 3],
      [6, 2],
      [7, 1],
      [8, 2],
      [10, 3],
      [12, 1],
      [14, 2],
      [16, 2],
      [18, 1],
      [20, 2],
      ["creator03", 1],
    ],
    followers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 19, 20, "creator03", "creator05"],
  },
  {
    id: 102,
    serviceId: 1,
    owner: "creator02",
    name: "桜井蓮 オフィシャルファンクラブ「Lotus」",
    creatorName: "桜井蓮",
    uniquePath: "sakurai_ren",
    category: "music",
    initials: "SR",
    hue: 340,
    description:
      "シンガーソングライター・桜井蓮のオフィシャルファンクラブ。ライブの先行受付、リハーサル映像、弾き語りの新曲デモを公開しています。",
    introduction:
      "桜井蓮です。ギター1本で全国のライブハウスを回っています。\n\nLotusの皆さんには、ツアーの先行受付と、まだどこにも出していない新曲のデモをいちばんに届けます。\n最前列シートのメンバーには、ツアー各公演の最前列をご用意しています。",
    tags: ["シンガーソングライター", "ライブ", "アコースティック", "ギター"],
    links: [
      { label: "公式サイト", url: "https://sakurai-ren.example" },
      { label: "X", url: "https://x.example/sakurai_ren" },
      { label: "Instagram", url: "https://instagram.example/sakurai_ren" },
    ],
    law: true,
    invoiceNumber: "T4180001234567",
    edited: true,
    images: true,
    createdDaysAgo: 150,
    activeDaysAgo: 1,
    plans: [
      { name: "ライト", price: 300, description: "新曲デモとブログをご覧いただけます。" },
      { name: "スタンダード", price: 1500, description: "ライトの特典に加えて、ライブの先行受付とリハーサル映像。" },
      { name: "最前列シート", price: 5000, description: "ツアー各公演の最前列をお約束する、3名さま限定のプランです。", joinLimit: 3 },
    ],
    members: [
      [4, 3],
      [9, 3],
      [11, 3],
      [1, 2],
      [6, 1],
      [13, 2],
      [15, 1],
      [17, 1],
      [19, 2],
    ],
    followers: [1, 4, 6, 9, 11, 13, 15, 17, 19, 3, 5, 14],
  },
  {
    id: 103,
    serviceId: 1,
    owner: "creator03",
    name: "月城ミオのアトリエ",
    creatorName: "月城ミオ",
    uniquePath: "tsukishiro_mio",
    category: "illustration",
    initials: "TM",
    hue: 200,
    description: "イラストレーター・月城ミオの制作アトリエ。厚塗りファンタジーのメイキング動画、ラフ、PSDデータを毎月公開しています。",
    introduction:
      "月城ミオと申します。ゲームのキャラクターデザインや書籍の装画を描いています。\n\nアトリエ会員の方にはメイキングとラフを、パトロンの方にはレイヤー付きのPSDデータもお届けします。\n描いてほしいテーマのリクエストも募集中です。",
    tags: ["イラスト", "メイキング", "厚塗り", "ファンタジー"],
    links: [
      { label: "pixiv", url: "https://pixiv.example/users/tsukishiro_mio" },
      { label: "X", url: "https://x.example/tsukishiro_mio" },
    ],
    edited: true,
    images: true,
    createdDaysAgo: 120,
    activeDaysAgo: 3,
    plans: [
      { name: "見学", price: 0, description: "完成イラストと制作のお知らせをご覧いただけます。" },
      { name: "アトリエ会員", price: 800, description: "メイキング動画とラフ画をご覧いただけます。" },
      { name: "パトロン", price: 3000, description: "アトリエ会員の特典に加えて、レイヤー付きPSDと月1回のリクエスト。" },
    ],
    members: [
      [2, 2],
      [5, 1],
      [8, 3],
      [11, 2],
      [15, 2],
      ["creator01", 2],
    ],
    followers: [2, 5, 8, 11, 15, 18, 20, "creator01", "creator04"],
  },
  {
    id: 104,
    serviceId: 1,
    owner: "creator04",
    name: "Emily's Cosplay Workshop",
    creatorName: "Emily Carter",
    uniquePath: "emily_cosplay",
    category: "cosplay",
    initials: "EC",
    hue: 25,
    description:
      "東京在住のコスプレイヤー、エミリーの衣装製作ファンクラブ。Costume diaries, patterns and photo sets in English and Japanese.",
    introduction:
      "Hi, I'm Emily! ロンドン出身、東京でコスプレ衣装を作っています。\n\nWorkshop members get my sewing patterns and step-by-step build logs. Studio Pass members also get full photo sets.\n英語と日本語、両方で書いています。",
    tags: ["コスプレ", "衣装製作", "cosplay", "写真"],
    links: [
      { label: "Instagram", url: "https://instagram.example/emily_cosplay" },
      { label: "TikTok", url: "https://tiktok.example/@emily_cosplay" },
    ],
    edited: true,
    images: true,
    createdDaysAgo: 90,
    activeDaysAgo: 6,
    plans: [
      { name: "Follower", price: 0, description: "Event reports and news. イベントレポートとお知らせ。" },
      { name: "Workshop Member", price: 700, description: "Sewing patterns and build logs. 型紙と製作記録。" },
      { name: "Studio Pass", price: 2500, description: "Everything above plus full photo sets. 撮影データ一式も。" },
    ],
    members: [
      [11, 2],
      [15, 3],
      [19, 2],
      [6, 1],
    ],
    followers: [6, 11, 15, 19, 3, 10, "creator03"],
  },
  {
    id: 105,
    serviceId: 1,
    owner: "creator05",
    name: "翔のゲーム研究所",
    creatorName: "藤原翔",
    uniquePath: "sho_games",
    category: "game",
    initials: "SF",
    hue: 140,
    description: "FPSとRTSを中心に、攻略と大会の振り返りを配信する藤原翔のゲーム研究所。研究員限定のコーチング枠もあります。",
    introduction:
      "元プロゲーマーの藤原翔です。\n毎週金曜の夜に大会の振り返り配信、月に一度は研究員のプレイを見てアドバイスするコーチング枠をやっています。\n\n主任研究員の方は、コーチング枠に優先してご参加いただけます。",
    tags: ["FPS", "実況", "攻略", "eスポーツ"],
    links: [{ label: "Twitch", url: "https://twitch.example/sho_games" }],
    edited: true,
    images: true,
    createdDaysAgo: 75,
    activeDaysAgo: 9,
    plans: [
      { name: "研究員", price: 500, description: "攻略メモと大会の振り返りアーカイブ。" },
      { name: "主任研究員", price: 1500, description: "研究員の特典に加えて、コーチング枠への優先参加。" },
    ],
    members: [
      [4, 1],
      [7, 2],
      [13, 1],
      [17, 2],
      [20, 1],
    ],
    followers: [4, 7, 13, 17, 20, 9, 12],
  },
  // ---- brand 2: Fanclub Indies. None of its texts contain 「うた」: the end-to-end test searches
  // that word on this brand and expects the empty result.
  {
    id: 106,
    serviceId: 2,
    owner: "creator06",
    name: "ゆずはのささやき部屋",
    creatorName: "小林ゆずは",
    uniquePath: "yuzuha_voice",
    category: "voice",
    initials: "KY",
    hue: 95,
    description: "声優の卵・小林ゆずはのASMRと朗読のファンクラブ。眠れない夜に、そっと寄り添う声をお届けします。",
    introduction:
      "小林ゆずはです。声のお仕事を目指して、毎日練習しています。\n\nささやき部屋では、週に2本のASMRと、名作文学の朗読を公開しています。\n朗読リクエストの方は、読んでほしい作品を毎月ひとつ選べます。",
    tags: ["ASMR", "ボイス", "朗読", "癒やし"],
    links: [{ label: "X", url: "https://x.example/yuzuha_voice" }],
    edited: true,
    images: true,
    createdDaysAgo: 60,
    activeDaysAgo: 2,
    plans: [
      { name: "おやすみ会員", price: 0, description: "お試しのASMRをご視聴いただけます。" },
      { name: "添い寝ボイス", price: 400, description: "週2本のASMRと朗読をすべてご視聴いただけます。" },
      { name: "朗読リクエスト", price: 1200, description: "添い寝ボイスの特典に加えて、毎月1作品のリクエスト。" },
    ],
    members: [
      [3, 1],
      [10, 2],
      [14, 3],
      [16, 2],
      [18, 2],
    ],
    followers: [3, 10, 14, 16, 18, 1, 8],
  },
  {
    id: 107,
    serviceId: 2,
    owner: "creator07",
    name: "陽介の小説工房",
    creatorName: "田中陽介",
    uniquePath: "yosuke_novels",
    category: "writing",
    initials: "TY",
    hue: 45,
    description: "ファンタジー小説を書いている田中陽介の工房。連載の先読みと、ここだけの書き下ろし短編を公開しています。",
    introduction:
      "会社員をしながら小説を書いています、田中陽介です。\n連載「灰色の塔の魔法使い」の最新話を、先読み会員の方には1週間早くお届けします。",
    tags: ["小説", "ファンタジー", "書き下ろし", "短編"],
    links: [{ label: "ブログ", url: "https://blog.example/yosuke_novels" }],
    edited: true,
    images: true,
    createdDaysAgo: 100,
    activeDaysAgo: 14,
    plans: [
      { name: "読者", price: 300, description: "書き下ろし短編を月1本お届けします。" },
      { name: "先読み会員", price: 1000, description: "連載の最新話を1週間早く読めます。" },
    ],
    members: [
      [7, 1],
      [12, 2],
      [16, 1],
    ],
    followers: [7, 12, 16, 2],
  },
  {
    id: 108,
    serviceId: 2,
    owner: "creator08",
    name: "カイトの旅するVlog",
    creatorName: "森海斗",
    uniquePath: "kaito_travels",
    category: "video",
    initials: "MK",
    hue: 185,
    description: "軽バンで日本一周中の森海斗の旅Vlog。未公開シーンと、各地で撮った写真を同行者の皆さんにお届けします。",
    introduction:
      "森海斗です。会社を辞めて、軽バンで日本一周の旅をしています。\n動画に入りきらなかった景色や、旅先の出会いをここで共有します。",
    tags: ["旅", "Vlog", "写真", "日本一周"],
    links: [
      { label: "YouTube", url: "https://youtube.example/@kaito_travels" },
      { label: "Instagram", url: "https://instagram.example/kaito_travels" },
    ],
    edited: true,
    images: true,
    // the creator chose to hide the member count (the page shows none)
    displayMemberCount: false,
    createdDaysAgo: 45,
    activeDaysAgo: 4,
    plans: [
      { name: "旅の仲間", price: 0, description: "旅の近況をお届けします。" },
      { name: "同行者", price: 600, description: "未公開シーンと写真をすべてご覧いただけます。" },
    ],
    members: [
      [5, 1],
      [9, 2],
      [13, 1],
      [19, 1],
    ],
    followers: [5, 9, 13, 19, 11, 17],
  },
  {
    id: 109,
    serviceId: 2,
    owner: "creator09",
    name: "水瀬りん応援団",
    creatorName: "水瀬りん",
    uniquePath: "minase_rin",
    category: "idol",
    initials: "MR",
    hue: 320,
    description: "ソロアイドル・水瀬りんの応援団。ライブのオフショットとチェキ会の先行案内、毎週の生配信があります。",
    introduction:
      "りんです！ひとりでアイドルをやっています。\n応援団のみんなと一緒に、いつか大きなステージに立つのが夢です。\n親衛隊のみんなには、ライブ後の特典会でお名前入りのチェキを用意しています。",
    tags: ["アイドル", "ライブ", "チェキ"],
    links: [{ label: "X", url: "https://x.example/minase_rin" }],
    edited: true,
    images: true,
    createdDaysAgo: 140,
    activeDaysAgo: 0.5,
    plans: [
      { name: "応援団（無料）", price: 0, description: "ライブ情報をお届けします。" },
      { name: "応援団員", price: 1000, description: "オフショットと生配信のアーカイブ。" },
      { name: "親衛隊", price: 3000, description: "応援団員の特典に加えて、チェキ会の先行案内とお名前入りチェキ。" },
    ],
    members: [
      [1, 2],
      [4, 3],
      [8, 2],
      [17, 2],
      [20, 3],
      [2, 1],
    ],
    followers: [1, 2, 4, 8, 17, 20, 6],
  },
  {
    // opened a few days ago and never saved the profile: the creator sees the 'not edited' badge
    id: 110,
    serviceId: 2,
    owner: "creator10",
    name: "Lucas's Pixel Lab",
    creatorName: "Lucas Bennett",
    uniquePath: "pixel_lab",
    category: "other",
    initials: "LB",
    hue: 160,
    description: "",
    introduction: "",
    tags: [],
    links: [],
    edited: false,
    images: false,
    createdDaysAgo: 10,
    activeDaysAgo: 10,
    plans: [{ name: "Supporter", price: 500, description: "" }],
    members: [[15, 1]],
    followers: [15],
  },
  // ---- brand 3: Kirameki
  {
    id: 111,
    serviceId: 3,
    owner: "creator11",
    name: "天音こはくの放課後クラブ",
    creatorName: "天音こはく",
    uniquePath: "amane_kohaku",
    category: "vtuber",
    initials: "AK",
    hue: 35,
    description: "きらめきプロダクション所属VTuber・天音こはくの放課後クラブ。メンバー限定の雑談とボイス、誕生日の特別配信があります。",
    introduction:
      "天音こはくです、放課後クラブへようこそ！\n毎日17時から、ゆるっと雑談やゲームをしています。\n生徒会と理事長のみなさんには、季節ごとのシチュエーションボイスをお届けします。",
    tags: ["VTuber", "放課後", "ゲーム", "ボイス"],
    links: [
      { label: "YouTube", url: "https://youtube.example/@amane_kohaku" },
      { label: "X", url: "https://x.example/amane_kohaku" },
    ],
    edited: true,
    images: true,
    createdDaysAgo: 200,
    activeDaysAgo: 0.1,
    plans: [
      { name: "クラスメイト", price: 0, description: "配信スケジュールと無料ボイス。" },
      { name: "放課後メンバー", price: 500, description: "メンバー限定の雑談配信とアーカイブ。" },
      { name: "生徒会", price: 1500, description: "放課後メンバーの特典に加えて、季節のシチュエーションボイス。" },
      { name: "理事長", price: 10000, description: "すべての特典に加えて、誕生日配信でのお名前紹介。10名さま限定です。", joinLimit: 10 },
    ],
    members: [
      [1, 2],
      [3, 3],
      [6, 2],
      [10, 4],
      [12, 2],
      [14, 1],
      [16, 3],
      [18, 2],
      [20, 2],
      [7, 1],
      [11, 2],
    ],
    followers: [1, 3, 6, 7, 10, 11, 12, 14, 16, 18, 20, 2, 5],
  },
  {
    id: 112,
    serviceId: 3,
    owner: "creator12",
    name: "白石美咲 オフィシャルファンクラブ",
    creatorName: "白石美咲",
    uniquePath: "shiraishi_misaki",
    category: "idol",
    initials: "SM",
    hue: 210,
    description: "白石美咲のオフィシャルファンクラブ。写真集のアザーカット、ラジオのアフタートーク、イベントの先行受付をお届けします。",
    introduction:
      "白石美咲です。いつも応援ありがとうございます。\nファンクラブでは、お仕事の裏側や、写真集に入らなかったお気に入りのカットを公開していきます。",
    tags: ["アイドル", "写真集", "ラジオ"],
    links: [
      { label: "公式サイト", url: "https://shiraishi-misaki.example" },
      { label: "Instagram", url: "https://instagram.example/shiraishi_misaki" },
    ],
    law: true,
    edited: true,
    images: true,
    createdDaysAgo: 160,
    activeDaysAgo: 5,
    plans: [
      { name: "MISAKI MEMBERS", price: 800, description: "アザーカットとラジオのアフタートーク。" },
      { name: "MISAKI PREMIUM", price: 3000, description: "MISAKI MEMBERSの特典に加えて、イベントの先行受付。" },
    ],
    members: [
      [2, 1],
      [5, 2],
      [8, 1],
      [9, 1],
      [12, 1],
      [14, 2],
      [17, 1],
    ],
    followers: [2, 5, 8, 9, 12, 14, 17, 19],
  },
  {
    id: 113,
    serviceId: 3,
    owner: "creator13",
    name: "黒田圭のボードゲーム酒場",
    creatorName: "黒田圭",
    uniquePath: "kei_boardgames",
    category: "game",
    initials: "KK",
    hue: 10,
    description: "ボードゲーム酒場の店主・黒田圭が、新作ボードゲームの紹介と、オンライン対戦会のお知らせをお届けします。",
    introduction: "高円寺で小さなボードゲーム酒場をやっています、黒田です。\n毎月第2土曜の夜は、常連さんとオンライン対戦会をしています。",
    tags: ["ボードゲーム", "対戦会", "新作紹介"],
    links: [{ label: "お店のサイト", url: "https://kei-boardgames.example" }],
    edited: true,
    images: true,
    createdDaysAgo: 35,
    activeDaysAgo: 18,
    plans: [
      { name: "見習い", price: 0, description: "新作紹介の記事をご覧いただけます。" },
      { name: "常連さん", price: 1000, description: "オンライン対戦会へのご参加と、遊び方の解説動画。" },
    ],
    members: [
      [4, 1],
      [7, 2],
      [13, 1],
    ],
    followers: [4, 7, 13, 19],
  },
  {
    // opened a few days ago, profile saved, no plan yet: the creator sees the 'not created' badge
    id: 114,
    serviceId: 3,
    owner: "creator14",
    name: "春日ひなたの陽だまり音楽室",
    creatorName: "春日ひなた",
    uniquePath: "kasuga_hinata",
    category: "music",
    initials: "KH",
    hue: 55,
    description: "ピアノ弾き語りの春日ひなたの音楽室。作曲の途中経過や、リクエスト曲の弾き語りを公開していく予定です。",
    introduction: "春日ひなたです。ピアノを弾きながら、自分で作った曲を歌っています。\nプランは準備中です。もう少しだけお待ちください。",
    tags: ["ピアノ", "作曲", "弾き語り"],
    links: [{ label: "YouTube", url: "https://youtube.example/@kasuga_hinata" }],
    edited: true,
    images: true,
    createdDaysAgo: 5,
    activeDaysAgo: 1.5,
    plans: [],
    members: [],
    followers: [3, 8, 10, 16, "creator11"],
  },
  {
    id: 115,
    serviceId: 3,
    owner: "creator15",
    name: "Sophie's Tokyo Film Diary",
    creatorName: "Sophie Laurent",
    uniquePath: "sophie_film",
    category: "video",
    initials: "SL",
    hue: 290,
    description: "フィルムカメラで東京を撮り歩くソフィーの映像日記。Short films and film photos of Tokyo, every week.",
    introduction:
      "Bonjour! パリ生まれ、東京在住のソフィーです。\nI shoot on 16mm film and 35mm stills. Film Club members get every short film and the full scans.",
    tags: ["フィルムカメラ", "東京", "写真", "Vlog"],
    links: [{ label: "Vimeo", url: "https://vimeo.example/sophie_film" }],
    edited: true,
    images: true,
    createdDaysAgo: 25,
    activeDaysAgo: 21,
    plans: [{ name: "Film Club", price: 600, description: "Every short film and full-resolution scans. すべての短編とスキャンデータ。" }],
    members: [
      [11, 1],
      [19, 1],
    ],
    followers: [11, 19, 15],
  },
];

const FAN_NAMES = [
  "さくら",
  "ゆうと",
  "みなみ",
  "けんた",
  "あおい",
  "はるか",
  "りく",
  "ひまり",
  "そうた",
  "まい",
  "Alex",
  "なつき",
  "だいち",
  "ことね",
  "Mia",
  "しおり",
  "たくみ",
  "ゆい",
  "Chris",
  "れお",
];
const FAN_INITIALS = ["S", "Y", "M", "K", "A", "H", "R", "H", "S", "M", "A", "N", "D", "K", "M", "S", "T", "Y", "C", "R"];

/**
 * @typedef {{ key: string, id: number, email: string, name: string, role: "creator" | "fan" | "editor" | "label" | "operator",
 *   initials: string, hue: number, iconUrl: string | null, createdDaysAgo: number }} DemoAccountRow
 */

/** @type {DemoAccountRow[]} */
const ACCOUNTS = [
  ...FANCLUBS.map((f, i) => ({
    key: f.owner,
    id: 1001 + i,
    email: `${f.owner}@${DEMO_EMAIL_DOMAIN}`,
    name: f.creatorName,
    role: /** @type {const} */ ("creator"),
    initials: f.initials,
    hue: f.hue,
    iconUrl: f.images ? `/demo/fanclubs/${f.uniquePath}-icon.svg` : null,
    createdDaysAgo: f.createdDaysAgo + 3,
  })),
  {
    key: "editor",
    id: 1021,
    email: `editor@${DEMO_EMAIL_DOMAIN}`,
    name: "佐々木（編集担当）",
    role: "editor",
    initials: "E",
    hue: 230,
    iconUrl: "/demo/users/editor.svg",
    createdDaysAgo: 170,
  },
  {
    key: "label",
    id: 1022,
    email: `label@${DEMO_EMAIL_DOMAIN}`,
    name: "きらめきプロダクション",
    role: "label",
    initials: "KP",
    hue: 275,
    iconUrl: "/demo/users/label.svg",
    createdDaysAgo: 210,
  },
  {
    // platform staff: reviews open requests at /ops/open_requests
    key: "operator",
    id: 1023,
    email: `operator@${DEMO_EMAIL_DOMAIN}`,
    name: "運営スタッフ",
    role: "operator",
    initials: "OP",
    hue: 10,
    iconUrl: null,
    createdDaysAgo: 300,
  },
  ...FAN_NAMES.map((name, i) => {
    const key = `fan${String(i + 1).padStart(2, "0")}`;
    return {
      key,
      id: 1101 + i,
      email: `${key}@${DEMO_EMAIL_DOMAIN}`,
      name,
      role: /** @type {const} */ ("fan"),
      initials: FAN_INITIALS[i] ?? "F",
      hue: (i * 47 + 15) % 360,
      iconUrl: `/demo/users/${key}.svg`,
      // every fan is older than every fan club, so no join predates the person
      createdDaysAgo: 240 - i * 2,
    };
  }),
];

/** @param {number | string} ref fan number or account key */
function accountId(ref) {
  const key = typeof ref === "number" ? `fan${String(ref).padStart(2, "0")}` : ref;
  const account = ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`demo seed: no account ${key}`);
  return account.id;
}

/** @param {number} fanclubId @param {number} planNo 1-based */
const planId = (fanclubId, planNo) => 1000 + (fanclubId - 100) * 10 + planNo;

/** The group: the owner's fan club and two others are members, one invitation is still open. */
const GROUP = {
  id: 101,
  ownerFanclubId: 101,
  name: "ほしぞらコラボ部",
  description: "星野あかりと仲間たちのコラボ企画グループ。合同配信やコラボイラストのお知らせをここでお届けします。",
  allowPost: true,
  createdDaysAgo: 40,
  /** @type {{ fanclubId: number, status: "member" | "invited", invitedDaysAgo: number, respondedDaysAgo: number | null }[]} */
  members: [
    { fanclubId: 101, status: "member", invitedDaysAgo: 40, respondedDaysAgo: 40 },
    { fanclubId: 103, status: "member", invitedDaysAgo: 38, respondedDaysAgo: 37 },
    { fanclubId: 105, status: "member", invitedDaysAgo: 30, respondedDaysAgo: 28 },
    { fanclubId: 104, status: "invited", invitedDaysAgo: 2, respondedDaysAgo: null },
  ],
};

/** An accepted editor of Akari's fan club who may write and publish posts and run talks, nothing else. */
const EDITORS = [
  {
    fanclubId: 101,
    user: "editor",
    permissions: ["postable_drafts", "postable", "can_talk_manage"],
    invitedDaysAgo: 20,
    acceptedDaysAgo: 19,
  },
];

/** The label account oversees its two Kirameki talents. */
const MANAGERS = [
  { user: "label", fanclubId: 111, createdDaysAgo: 150 },
  { user: "label", fanclubId: 112, createdDaysAgo: 150 },
];

/**
 * Coins (/me/coins, /me/coin_vesting_campaign): one open-ended vesting campaign, and fan01 with
 * coins bought by card and that campaign's bonus. Ids of campaigns start at 501.
 */
const COIN_CAMPAIGN = {
  id: 501,
  name: "入会キャンペーン：ボーナスコイン100 Cプレゼント",
  description: "キャンペーン期間中に有料プランへ入会すると、とらコイン100 Cをプレゼント。受け取りから90日間お使いいただけます。",
  bonusAmount: 100,
  vestOn: "plan_join",
  startedDaysAgo: 30,
  expiresAfterDays: 90,
};
const COIN_DEMO = { user: 1, paid: 3000, paidDaysAgo: 20, bonusDaysAgo: 10 };

/**
 * The rows `creditCoins` (server/services/coins.ts) writes for one credit: the entry under its
 * idempotency key, the lot, the two postings and both balances. Each statement is idempotent on
 * its own: the balances move only while their posting is missing, and the postings come last, so
 * a second run (or a run after a partial one) moves nothing twice and the ledger audit holds.
 * @param {{ userId: number, key: string, kind: "charge" | "bonus", amount: number, at: number,
 *   expiresAt: number | null, campaignId: number | null, memo: string | null, refType: string, refId: string }} c
 */
function coinCreditStatements(c) {
  const key = q(c.key);
  const lotKind = c.kind === "bonus" ? "bonus" : "paid";
  const system = q(c.kind === "bonus" ? "issued:bonus" : "issued:card");
  const userPosting = `SELECT 1 FROM coin_postings p JOIN coin_entries e ON e.id = p.entry_id WHERE e.idempotency_key = ${key} AND p.lot_id IS NOT NULL`;
  const systemPosting = `SELECT 1 FROM coin_postings p JOIN coin_entries e ON e.id = p.entry_id WHERE e.idempotency_key = ${key} AND p.lot_id IS NULL`;
  return [
    `INSERT INTO coin_accounts (kind, user_id, balance, created_at) VALUES ('user', ${c.userId}, 0, ${c.at}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO coin_entries (idempotency_key, kind, user_id, amount, memo, ref_type, ref_id, created_at) VALUES (${key}, ${q(c.kind)}, ${c.userId}, ${c.amount}, ${v(c.memo)}, ${q(c.refType)}, ${q(c.refId)}, ${c.at}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO coin_lots (account_id, entry_id, kind, amount, remaining, expires_at, campaign_id, created_at) SELECT a.id, e.id, ${q(lotKind)}, ${c.amount}, ${c.amount}, ${v(c.expiresAt)}, ${v(c.campaignId)}, ${c.at} FROM coin_entries e JOIN coin_accounts a ON a.user_id = e.user_id WHERE e.idempotency_key = ${key} ON CONFLICT DO NOTHING;`,
    `UPDATE coin_accounts SET balance = balance + ${c.amount} WHERE user_id = ${c.userId} AND NOT EXISTS (${userPosting});`,
    `UPDATE coin_accounts SET balance = balance - ${c.amount} WHERE code = ${system} AND NOT EXISTS (${systemPosting});`,
    `INSERT INTO coin_postings (entry_id, account_id, lot_id, amount) SELECT e.id, a.id, l.id, ${c.amount} FROM coin_entries e JOIN coin_accounts a ON a.user_id = e.user_id JOIN coin_lots l ON l.entry_id = e.id WHERE e.idempotency_key = ${key} AND NOT EXISTS (${userPosting});`,
    `INSERT INTO coin_postings (entry_id, account_id, lot_id, amount) SELECT e.id, s.id, NULL, ${-c.amount} FROM coin_entries e, coin_accounts s WHERE e.idempotency_key = ${key} AND s.code = ${system} AND NOT EXISTS (${systemPosting});`,
  ];
}

/**
 * Demo posts: blog articles, so they need no stored files. Each fan club with paid plans gets a
 * public welcome, one post for its cheapest paid plan and one for its dearest; Akari's club also has
 * a draft and a post scheduled for tomorrow, so management shows every badge.
 * @type {{ title: string, comment: string, paragraphs: string[], heading?: string }[]}
 */
const POST_TEXTS = [
  {
    title: "ファンクラブへようこそ",
    comment: "はじめての方へ、ファンクラブの楽しみ方をまとめました。",
    heading: "このファンクラブでできること",
    paragraphs: [
      "フォローしていただくと、新しい投稿のお知らせが届きます。",
      "メンバー限定の投稿は、プランに参加するとすぐにご覧いただけます。これからよろしくお願いします！",
    ],
  },
  {
    title: "今月の限定ボイスについて",
    comment: "メンバーのみなさんへ、今月のボイスのテーマを発表します。",
    heading: "今月のテーマ",
    paragraphs: ["今月は「おやすみ前のひとこと」をテーマに、短いボイスを毎週お届けします。", "リクエストはコメント欄で受け付けています。"],
  },
  {
    title: "撮影の裏話（上位プラン限定）",
    comment: "いつも応援ありがとうございます。今回は撮影の裏側をお話しします。",
    heading: "当日のスケジュール",
    paragraphs: [
      "朝早くから準備をして、機材のチェックに二時間かかりました。",
      "うまくいかなかったテイクの話も、ここだけでこっそり書いておきます。",
    ],
  },
];

/** @param {{ title: string, paragraphs: string[], heading?: string }} text */
function demoBlogJson(text) {
  const run = (/** @type {string} */ t, format = 0) => ({
    type: "text",
    text: t,
    format,
    detail: 0,
    mode: "normal",
    style: "",
    version: 1,
  });
  const block = (/** @type {string} */ type, /** @type {unknown[]} */ children, extra = {}) => ({
    type,
    children,
    direction: "ltr",
    format: "",
    indent: 0,
    version: 1,
    ...extra,
  });
  const children = [];
  if (text.heading) children.push(block("heading", [run(text.heading)], { tag: "h2" }));
  text.paragraphs.forEach((p, i) => children.push(block("paragraph", [run(p, i === 0 ? 1 : 0)], { textFormat: 0, textStyle: "" })));
  return JSON.stringify({ root: block("root", children) });
}

/** @param {{ paragraphs: string[], heading?: string }} text visible characters, as the blog counter counts them */
const demoCharCount = (text) => [text.heading ?? "", ...text.paragraphs].join("").replace(/\s+/gu, "").length;

/** @param {string | number | null | undefined} value */
const v = (value) => (value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : q(value));

/**
 * The demo content, applied after `seedStatements`.
 * @param {SeedOrigin} origin
 * @param {number} [now] "now" for the relative timestamps of new rows (existing rows keep theirs)
 * @returns {string[]} statements, each idempotent
 */
export function demoStatements(origin, now = Date.now()) {
  const ago = (/** @type {number} */ days) => Math.round(now - days * DAY);
  const port = origin.port ? `:${origin.port}` : "";
  const brandOrigin = (/** @type {number} */ serviceId) => `${origin.scheme}://${BRANDS.find((s) => s.id === serviceId)?.domain}${port}`;
  /** @type {string[]} */
  const out = [];

  for (const a of ACCOUNTS) {
    const created = ago(a.createdDaysAgo);
    out.push(
      "INSERT INTO users (id, email, email_confirmed_at, password_hash, name, icon_image_url, identify_token, locale, is_operator, terms_accepted_at, created_at, updated_at) VALUES (" +
        [
          a.id,
          q(a.email),
          created,
          q(DEMO_PASSWORD_HASH),
          q(a.name),
          v(a.iconUrl),
          q(`demo-${a.key}`),
          q("ja"),
          a.role === "operator" ? "1" : "0",
          created,
          created,
          created,
        ].join(", ") +
        // a demo account someone closed while trying things out comes back, with the demo password
        ") ON CONFLICT(id) DO UPDATE SET email = excluded.email, email_confirmed_at = COALESCE(users.email_confirmed_at, excluded.email_confirmed_at), password_hash = excluded.password_hash, name = excluded.name, icon_image_url = excluded.icon_image_url, identify_token = excluded.identify_token, is_operator = excluded.is_operator, left_at = NULL;",
    );
  }

  const demoFanclubIds = FANCLUBS.map((f) => f.id).join(", ");
  for (const f of FANCLUBS) {
    const law = f.law ? lawTexts(`${brandOrigin(f.serviceId)}/help/inquiry`) : null;
    const created = ago(f.createdDaysAgo);
    const columns = {
      id: f.id,
      service_id: f.serviceId,
      owner_id: accountId(f.owner),
      name: q(f.name),
      creator_name: q(f.creatorName),
      unique_path: q(f.uniquePath),
      icon_key: v(f.images ? `/demo/fanclubs/${f.uniquePath}-icon.svg` : null),
      header_key: v(f.images ? `/demo/fanclubs/${f.uniquePath}-header.svg` : null),
      description: q(f.description),
      introduction: q(f.introduction),
      external_links: q(JSON.stringify(f.links)),
      category: q(f.category),
      display_member_count: b(f.displayMemberCount ?? true),
      law_price: q(law?.price ?? ""),
      law_payment_method: q(law?.paymentMethod ?? ""),
      law_payment_time: q(law?.paymentTime ?? ""),
      law_delivery_time: q(law?.deliveryTime ?? ""),
      law_contract: q(law?.contract ?? ""),
      law_contact: q(law?.contact ?? ""),
      invoice_number: v(f.invoiceNumber),
      status: q("open"),
      profile_edited_at: f.edited ? ago(Math.max(f.activeDaysAgo, f.createdDaysAgo - 1)) : "NULL",
      actived_at: ago(f.activeDaysAgo),
      created_at: created,
      updated_at: ago(f.activeDaysAgo),
    };
    const names = Object.keys(columns);
    // content is reset, timestamps and counters are not (counters are recomputed below)
    const reset = names.filter((n) => !["id", "profile_edited_at", "actived_at", "created_at", "updated_at"].includes(n));
    // a demo fan club someone closed while trying things out opens again
    out.push(
      `INSERT INTO fanclubs (${names.join(", ")}) VALUES (${Object.values(columns).join(", ")}) ON CONFLICT(id) DO UPDATE SET ${reset.map((n) => `${n} = excluded.${n}`).join(", ")}, closed_at = NULL;`,
    );
  }

  // tags and the search row mirror the seeded profile exactly (FTS5 has no upsert: delete, insert)
  for (const f of FANCLUBS) {
    out.push(`DELETE FROM fanclub_tags WHERE fanclub_id = ${f.id};`);
    for (const tag of f.tags) out.push(`INSERT INTO fanclub_tags (fanclub_id, tag) VALUES (${f.id}, ${q(tag)});`);
    out.push(`DELETE FROM fanclub_search WHERE rowid = ${f.id};`);
    out.push(
      `INSERT INTO fanclub_search (rowid, name, creator_name, tags, description) VALUES (${f.id}, ${q(f.name)}, ${q(f.creatorName)}, ${q(f.tags.join(" "))}, ${q(f.description)});`,
    );
  }

  for (const f of FANCLUBS) {
    f.plans.forEach((p, i) => {
      const id = planId(f.id, i + 1);
      const created = ago(f.createdDaysAgo);
      // the closed plan took members during the fan club's first month
      const closedAt = p.closed ? ago(f.createdDaysAgo - 30) : null;
      out.push(
        "INSERT INTO plans (id, fanclub_id, name, price, description, join_limit, sort_order, closed_at, created_at, updated_at) VALUES (" +
          [id, f.id, q(p.name), p.price, q(p.description), v(p.joinLimit), i + 1, v(closedAt), created, created].join(", ") +
          ") ON CONFLICT(id) DO UPDATE SET fanclub_id = excluded.fanclub_id, name = excluded.name, price = excluded.price, description = excluded.description, join_limit = excluded.join_limit, sort_order = excluded.sort_order;",
      );
    });
  }

  for (const f of FANCLUBS) {
    f.members.forEach(([member, planNo], i) => {
      const plan = f.plans[planNo - 1];
      if (!plan) throw new Error(`demo seed: fan club ${f.id} has no plan ${planNo}`);
      // members of the closed plan joined before it closed, everyone else spread over the club's life
      const span = plan.closed ? 30 : f.createdDaysAgo;
      const joinedDaysAgo = plan.closed
        ? f.createdDaysAgo - (span * (i + 1)) / (f.members.length + 2)
        : f.createdDaysAgo * (1 - (i + 1) / (f.members.length + 2));
      out.push(
        "INSERT INTO memberships (id, user_id, fanclub_id, plan_id, member_number, status, joined_at) VALUES (" +
          [10000 + (f.id - 100) * 100 + i + 1, accountId(member), f.id, planId(f.id, planNo), i + 1, q("active"), ago(joinedDaysAgo)].join(
            ", ",
          ) +
          ") ON CONFLICT DO NOTHING;",
      );
    });
    f.followers.forEach((follower, i) => {
      const followedDaysAgo = f.createdDaysAgo * (1 - (i + 1) / (f.followers.length + 2));
      out.push(
        `INSERT INTO follows (user_id, fanclub_id, created_at) VALUES (${accountId(follower)}, ${f.id}, ${ago(followedDaysAgo)}) ON CONFLICT DO NOTHING;`,
      );
    });
  }

  for (const e of EDITORS) {
    out.push(
      `INSERT INTO fanclub_editors (fanclub_id, user_id, permissions, invited_at, accepted_at) VALUES (${e.fanclubId}, ${accountId(e.user)}, ${q(JSON.stringify(e.permissions))}, ${ago(e.invitedDaysAgo)}, ${ago(e.acceptedDaysAgo)}) ON CONFLICT DO NOTHING;`,
    );
  }
  for (const m of MANAGERS) {
    out.push(
      `INSERT INTO fanclub_managers (user_id, fanclub_id, created_at) VALUES (${accountId(m.user)}, ${m.fanclubId}, ${ago(m.createdDaysAgo)}) ON CONFLICT DO NOTHING;`,
    );
  }
  out.push(
    "INSERT INTO fanclub_groups (id, owner_fanclub_id, name, description, allow_post, created_at) VALUES (" +
      [GROUP.id, GROUP.ownerFanclubId, q(GROUP.name), q(GROUP.description), b(GROUP.allowPost), ago(GROUP.createdDaysAgo)].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET owner_fanclub_id = excluded.owner_fanclub_id, name = excluded.name, description = excluded.description, allow_post = excluded.allow_post;",
  );
  for (const m of GROUP.members) {
    out.push(
      `INSERT INTO fanclub_group_members (group_id, fanclub_id, status, invited_at, responded_at) VALUES (${GROUP.id}, ${m.fanclubId}, ${q(m.status)}, ${ago(m.invitedDaysAgo)}, ${m.respondedDaysAgo === null ? "NULL" : ago(m.respondedDaysAgo)}) ON CONFLICT DO NOTHING;`,
    );
  }

  // demo posts (ids by fan club, so a second seed updates them in place)
  for (const f of FANCLUBS) {
    const paid = f.plans.map((p, i) => ({ ...p, id: planId(f.id, i + 1) })).filter((p) => p.price > 0 && !p.closed);
    if (paid.length === 0) continue;
    const cheapest = paid.reduce((a, p) => (p.price < a.price ? p : a));
    const dearest = paid.reduce((a, p) => (p.price > a.price ? p : a));
    const rows = [
      { n: 1, text: POST_TEXTS[0], planId: null, publish: true, at: ago(Math.min(f.createdDaysAgo, 30)) },
      { n: 2, text: POST_TEXTS[1], planId: cheapest.id, publish: true, at: ago(Math.min(f.createdDaysAgo, 30) / 2) },
      { n: 3, text: POST_TEXTS[2], planId: dearest.id, publish: true, at: ago(Math.min(f.createdDaysAgo, 30) / 4) },
    ];
    if (f.id === 101) {
      rows.push({
        n: 4,
        text: { title: "来月の配信予定（下書き）", comment: "", paragraphs: ["まだ書きかけです。"] },
        planId: null,
        publish: false,
        at: ago(0.5),
      });
      rows.push({
        n: 5,
        text: { title: "明日公開のお知らせ", comment: "予約投稿です。", paragraphs: ["明日の朝に公開されます。"] },
        planId: cheapest.id,
        publish: true,
        at: ago(-1),
      });
    }
    for (const r of rows) {
      const id = 100000 + (f.id - 100) * 100 + r.n;
      out.push(
        "INSERT INTO posts (id, fanclub_id, author_id, type, title, comment, blog_json, blog_char_count, is_publish, published_at, plan_id, allow_comment, allow_tipping, created_at, updated_at) VALUES (" +
          [
            id,
            f.id,
            accountId(f.owner),
            4,
            q(r.text.title),
            q(r.text.comment),
            q(demoBlogJson(r.text)),
            demoCharCount(r.text),
            b(r.publish),
            r.at,
            v(r.planId),
            1,
            b(r.planId !== null),
            r.at,
            r.at,
          ].join(", ") +
          ") ON CONFLICT(id) DO UPDATE SET title = excluded.title, comment = excluded.comment, blog_json = excluded.blog_json, blog_char_count = excluded.blog_char_count, is_publish = excluded.is_publish, plan_id = excluded.plan_id, deleted_at = NULL;",
      );
    }
  }

  // the vesting campaign runs with no end, so /me/coin_vesting_campaign always has one to show
  out.push(
    "INSERT INTO coin_campaigns (id, name, description, bonus_amount, vest_on, starts_at, ends_at, expires_after_days, created_at) VALUES (" +
      [
        COIN_CAMPAIGN.id,
        q(COIN_CAMPAIGN.name),
        q(COIN_CAMPAIGN.description),
        COIN_CAMPAIGN.bonusAmount,
        q(COIN_CAMPAIGN.vestOn),
        ago(COIN_CAMPAIGN.startedDaysAgo),
        "NULL",
        COIN_CAMPAIGN.expiresAfterDays,
        ago(COIN_CAMPAIGN.startedDaysAgo),
      ].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description, bonus_amount = excluded.bonus_amount, vest_on = excluded.vest_on, expires_after_days = excluded.expires_after_days, ends_at = NULL;",
  );
  const coinFan = accountId(COIN_DEMO.user);
  out.push(
    ...coinCreditStatements({
      userId: coinFan,
      key: `demo-coin-charge:${coinFan}`,
      kind: "charge",
      amount: COIN_DEMO.paid,
      at: ago(COIN_DEMO.paidDaysAgo),
      expiresAt: null,
      campaignId: null,
      memo: null,
      refType: "card_charge",
      refId: "demo",
    }),
  );
  // the grant as grantCampaignBonus makes it: its key, the campaign's expiry, the grant row
  const bonusKey = `campaign:${COIN_CAMPAIGN.id}:${coinFan}`;
  out.push(
    ...coinCreditStatements({
      userId: coinFan,
      key: bonusKey,
      kind: "bonus",
      amount: COIN_CAMPAIGN.bonusAmount,
      at: ago(COIN_DEMO.bonusDaysAgo),
      expiresAt: ago(COIN_DEMO.bonusDaysAgo - COIN_CAMPAIGN.expiresAfterDays),
      campaignId: COIN_CAMPAIGN.id,
      memo: COIN_CAMPAIGN.name,
      refType: "campaign",
      refId: String(COIN_CAMPAIGN.id),
    }),
    `INSERT INTO coin_campaign_grants (campaign_id, user_id, entry_id, created_at) SELECT ${COIN_CAMPAIGN.id}, ${coinFan}, e.id, ${ago(COIN_DEMO.bonusDaysAgo)} FROM coin_entries e WHERE e.idempotency_key = ${q(bonusKey)} ON CONFLICT DO NOTHING;`,
  );

  out.push(...tipDemoStatements(accountId, ago));
  out.push(...productDemoStatements((fanclubId) => accountId(FANCLUBS.find((f) => f.id === fanclubId)?.owner ?? ""), now));

  // counters from the rows, as the services keep them (a membership counts until it is left)
  out.push(
    `UPDATE plans SET member_count = (SELECT count(*) FROM memberships m WHERE m.plan_id = plans.id AND m.status != 'left') WHERE fanclub_id IN (${demoFanclubIds});`,
    ...raffleDemoStatements({ now, fanclubId: 101, fanIds: [1, 2, 3, 4, 5, 6].map(accountId) }),
    `UPDATE fanclubs SET member_count = (SELECT count(*) FROM memberships m WHERE m.fanclub_id = fanclubs.id AND m.status != 'left'), follower_count = (SELECT count(*) FROM follows w WHERE w.fanclub_id = fanclubs.id), post_count = (SELECT count(*) FROM posts p WHERE p.fanclub_id = fanclubs.id AND p.is_publish = 1 AND p.deleted_at IS NULL) WHERE id IN (${demoFanclubIds});`,
  );
  out.push(...liveEventDemoStatements(now));
  out.push(...payoutDemoStatements(accountId, now));
  out.push(...earningDemoStatements({ now, fanIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(accountId) }));
  out.push(...leakDemoStatements(now));
  out.push(...imageDemoStatements(now));
  out.push(...postProductDemoStatements(now));
  out.push(...discordDemoStatements({ now, creatorId: accountId("creator01"), fanId: accountId(1) }));
  out.push(...contestDemoStatements({ now, fanIds: Array.from({ length: 20 }, (_, i) => accountId(i + 1)) }));
  out.push(...noticeDemoStatements({ now, operatorId: accountId("operator") }));
  out.push(...messageDemoStatements({ now, creatorId: accountId("creator01"), fanIds: [accountId(1), accountId(2)] }));
  out.push(...talkDemoStatements({ now, creatorId: accountId("creator01"), fanId: (n) => accountId(n) }));
  out.push(...goalsDemoStatements({ now, fanId: accountId(1), rewardedFanId: accountId(8), credit: coinCreditStatements }));
  out.push(...lessonDemoStatements({ now, fanclubId: 101, ownerId: accountId("creator01"), fanId: accountId }));
  out.push(...owedRefundDemoStatements({ now, fanId: accountId(2) }));
  // after goals-demo (its ticket type)
  out.push(...lessonTicketDemoStatements({ now, fanclubId: 101, ownerId: accountId("creator01") }));
  out.push(...specialTicketSaleDemoStatements({ now, fanclubId: 101, ownerId: accountId("creator01") }));
  out.push(...dc3DemoStatements(now));
  return out;
}

/**
 * Demo rows that need the earnings ledger to hold the demo's sales first: the payouts (a payout
 * never takes a balance below zero, not even in the demo). The ledger takes the sales in through
 * its backfill in the worker, so `npm run dev` applies these once more after it (scripts/seed.mjs
 * --after-ledger); on a later run the main seed finds the ledger filled and writes them itself.
 * @param {number} [now]
 * @returns {string[]}
 */
export function ledgerDemoStatements(now = Date.now()) {
  return payoutDemoStatements(accountId, now);
}

/** What the demo holds, for the image generator and the tests. */
export const DEMO_COINS = {
  campaignId: COIN_CAMPAIGN.id,
  userId: accountId(COIN_DEMO.user),
  paid: COIN_DEMO.paid,
  bonus: COIN_CAMPAIGN.bonusAmount,
};
export const DEMO_ACCOUNTS = ACCOUNTS.map(({ id, email, name, role, initials, hue, iconUrl }) => ({
  id,
  email,
  name,
  role,
  initials,
  hue,
  iconUrl,
}));
export const DEMO_FANCLUBS = FANCLUBS.map((f) => ({
  id: f.id,
  serviceId: f.serviceId,
  ownerId: accountId(f.owner),
  name: f.name,
  creatorName: f.creatorName,
  uniquePath: f.uniquePath,
  category: f.category,
  tags: [...f.tags],
  initials: f.initials,
  hue: f.hue,
  iconKey: f.images ? `/demo/fanclubs/${f.uniquePath}-icon.svg` : null,
  headerKey: f.images ? `/demo/fanclubs/${f.uniquePath}-header.svg` : null,
  planCount: f.plans.length,
  profileEdited: f.edited,
}));
