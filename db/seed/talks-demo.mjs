// Demo talks and schedules (docs/decisions/036) for 星野あかり's fan club (101), so `npm run dev`
// shows the board, a topic locked to a higher plan, comments with replies and likes, and a month
// of calendar entries around today (the schedules tab is switched on). Members may start topics.
// Ids are in the reserved range 720000–729999 (topics 720001+, comments 720101+, schedules
// 721001+); a second seed moves the calendar along with `now` and adds nothing twice.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const JST = 9 * HOUR;
const FANCLUB_ID = 101;
/** fan club 101's plans as the main seed numbers them: ベーシック 500, プレミアム 2,000 yen */
const PREMIUM_PLAN = 1013;

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;

/** Japan midnight of the day `days` from today */
const jstDay = (/** @type {number} */ now, /** @type {number} */ days) => Math.floor((now + JST) / DAY) * DAY - JST + days * DAY;

/**
 * @typedef {{ id: number, author: "creator" | number, title: string, body: string, planId?: number, pinned?: boolean,
 *   daysAgo: number, likes: number[], comments: { id: number, author: "creator" | number, body: string, parent?: number, likes?: number[] }[] }} DemoTopic
 */

/** @type {DemoTopic[]} */
const TOPICS = [
  {
    id: 720001,
    author: "creator",
    title: "【固定】トークのルールとお願い",
    body: "星空ラウンジのトークへようこそ！\n配信の感想、リクエスト、雑談なんでもどうぞ。\nほかの方を傷つける書き込みはやめてね。",
    pinned: true,
    daysAgo: 20,
    likes: [1, 2, 3, 4, 5],
    comments: [{ id: 720101, author: 1, body: "了解です！よろしくお願いします🌟", likes: [2] }],
  },
  {
    id: 720002,
    author: 1,
    title: "次の歌枠でリクエストしたい曲",
    body: "次の歌枠で聴きたい曲をみんなで出し合いませんか？わたしは「星に願いを」をリクエストしたいです！",
    daysAgo: 3,
    likes: [2, 3],
    comments: [
      { id: 720111, author: 2, body: "「夜に駆ける」が聴きたいです！", likes: [1] },
      { id: 720112, author: "creator", body: "たくさんありがとう！次の歌枠で何曲か歌うね🎤", parent: 720111, likes: [1, 2, 3] },
      { id: 720113, author: 3, body: "バラード多めだとうれしいな" },
    ],
  },
  {
    id: 720003,
    author: "creator",
    title: "プレミアム限定：来月のイベントの相談",
    body: "プレミアムのみんなにだけ先にお話しします。来月のオフ会の会場と日程を相談させてください。",
    planId: PREMIUM_PLAN,
    daysAgo: 1,
    likes: [],
    comments: [{ id: 720121, author: "creator", body: "候補日は第2土曜と第3日曜です。都合のいい日を教えてね。" }],
  },
];

/**
 * @typedef {{ id: number, day: number, hour: number, hours: number, title: string, description: string, membersOnly?: boolean }} DemoEntry
 * (day: days from today in Japan; hour: Japan time, may be 22.5)
 */

/** @type {DemoEntry[]} */
const ENTRIES = [
  { id: 721001, day: -12, hour: 21, hours: 2, title: "雑談ラジオ #23", description: "毎週恒例の雑談ラジオ。お便り募集中！" },
  { id: 721002, day: -5, hour: 20, hours: 2, title: "ゲーム実況：星の海クエスト", description: "" },
  { id: 721003, day: 0, hour: 22, hours: 1.5, title: "今夜の歌枠", description: "リクエスト曲をたくさん歌います。" },
  { id: 721004, day: 2, hour: 21, hours: 2, title: "雑談ラジオ #25", description: "お便りはトークの「お便り」トピックへ。" },
  {
    id: 721005,
    day: 6,
    hour: 19.5,
    hours: 1,
    title: "メンバー限定 朗読会",
    description: "ベーシック以上のメンバーさんだけのお楽しみ。",
    membersOnly: true,
  },
  { id: 721006, day: 9, hour: 12, hours: 1, title: "新グッズ予約開始", description: "アクリルスタンドとタペストリーの予約が始まります。" },
  { id: 721007, day: 14, hour: 20, hours: 3, title: "3周年記念配信", description: "3周年、ありがとう！重大発表もあるかも。" },
  { id: 721008, day: 20, hour: 22.5, hours: 2, title: "深夜のまったり作業配信", description: "", membersOnly: true },
];

/**
 * @param {{ now: number; creatorId: number; fanId: (n: number) => number }} input
 * @returns {string[]}
 */
export function talkDemoStatements({ now, creatorId, fanId }) {
  const who = (/** @type {"creator" | number} */ a) => (a === "creator" ? creatorId : fanId(a));
  /** @type {string[]} */
  const out = [
    `UPDATE fanclubs SET display_schedule = 1 WHERE id = ${FANCLUB_ID};`,
    `INSERT INTO talk_settings (fanclub_id, starters, updated_at) VALUES (${FANCLUB_ID}, 'members', ${now}) ON CONFLICT DO NOTHING;`,
  ];
  for (const t of TOPICS) {
    const created = now - t.daysAgo * DAY;
    const last = created + t.comments.length * HOUR;
    out.push(
      `INSERT INTO topics (id, fanclub_id, user_id, title, body, plan_id, pinned_at, closed_at, deleted_at, like_count, comment_count, last_activity_at, created_at, updated_at) VALUES (${t.id}, ${FANCLUB_ID}, ${who(t.author)}, ${q(t.title)}, ${q(t.body)}, ${t.planId ?? "NULL"}, ${t.pinned ? created : "NULL"}, NULL, NULL, ${t.likes.length}, ${t.comments.length}, ${last}, ${created}, ${created}) ON CONFLICT DO NOTHING;`,
      ...t.likes.map(
        (n) =>
          `INSERT INTO topic_likes (topic_id, user_id, created_at) VALUES (${t.id}, ${fanId(n)}, ${created + HOUR}) ON CONFLICT DO NOTHING;`,
      ),
    );
    t.comments.forEach((c, i) => {
      const at = created + (i + 1) * HOUR;
      out.push(
        `INSERT INTO topic_comments (id, topic_id, user_id, parent_id, body, like_count, created_at, deleted_at) VALUES (${c.id}, ${t.id}, ${who(c.author)}, ${c.parent ?? "NULL"}, ${q(c.body)}, ${(c.likes ?? []).length}, ${at}, NULL) ON CONFLICT DO NOTHING;`,
        ...(c.likes ?? []).map(
          (n) =>
            `INSERT INTO topic_comment_likes (comment_id, user_id, created_at) VALUES (${c.id}, ${fanId(n)}, ${at + HOUR}) ON CONFLICT DO NOTHING;`,
        ),
      );
    });
  }
  for (const e of ENTRIES) {
    const start = jstDay(now, e.day) + e.hour * HOUR;
    const end = start + e.hours * HOUR;
    out.push(
      `INSERT INTO schedules (id, fanclub_id, title, description, start_at, end_at, members_only, link_kind, link_id, created_by, created_at, updated_at) VALUES (${e.id}, ${FANCLUB_ID}, ${q(e.title)}, ${q(e.description)}, ${start}, ${end}, ${e.membersOnly ? 1 : 0}, NULL, NULL, ${creatorId}, ${now}, ${now}) ON CONFLICT(id) DO UPDATE SET start_at = excluded.start_at, end_at = excluded.end_at, updated_at = excluded.updated_at;`,
    );
  }
  return out;
}
