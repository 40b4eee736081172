// Demo live events (issue 7) for `npm run dev`: an upcoming paid-ticket live of 星野あかり (fan
// club 101, Fanclub) and a free live of 桜井蓮 (fan club 102). Reserved ids: events 101–102,
// ticket types 1011–1021. Re-running moves their schedule to the coming days again and keeps
// tickets already sold (and their counts).

const DAY = 86_400_000;
const JST = 9 * 3_600_000;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * 20:00 Japan time `days` days after `now`'s day.
 * @param {number} now @param {number} days @param {number} hour
 */
const jstAt = (now, days, hour) => {
  const day = Math.floor((now + JST) / DAY) * DAY - JST;
  return day + days * DAY + hour * 3_600_000;
};

const EVENTS = [
  {
    id: 101,
    fanclubId: 101,
    ownerId: 1001,
    title: "星空ライブ 〜夏の大三角をうたう夜〜",
    description: "ファンクラブ限定の歌枠ライブです。プレミアム会員はチケットなしでご覧いただけます。リクエスト曲はチャットでどうぞ。",
    coverKey: "/demo/fanclubs/hoshino_akari-header.svg",
    inDays: 3,
    startHour: 20,
    hours: 2,
    visibility: "both",
    planIds: [1013],
    tickets: [
      { id: 1011, title: "一般チケット", price: 1500, capacity: 300 },
      { id: 1012, title: "応援チケット(お名前読み上げ)", price: 3000, capacity: 30 },
    ],
  },
  {
    id: 102,
    fanclubId: 102,
    ownerId: 1002,
    title: "弾き語りフリーライブ",
    description: "新曲デモを弾き語りでお届けします。チケットは無料です。",
    coverKey: "/demo/fanclubs/sakurai_ren-header.svg",
    inDays: 5,
    startHour: 21,
    hours: 1,
    visibility: "ticket",
    planIds: [],
    tickets: [{ id: 1021, title: "無料チケット", price: 0, capacity: null }],
  },
];

/**
 * @param {number} now
 * @returns {string[]} idempotent statements
 */
export function liveEventDemoStatements(now) {
  /** @type {string[]} */
  const out = [];
  for (const e of EVENTS) {
    const start = jstAt(now, e.inDays, e.startHour);
    const end = start + e.hours * 3_600_000;
    out.push(
      `INSERT INTO live_events (id, fanclub_id, owner_id, title, description, cover_key, start_at, end_at, visibility, status, created_at, updated_at) VALUES (${e.id}, ${e.fanclubId}, ${e.ownerId}, ${q(e.title)}, ${q(e.description)}, ${q(e.coverKey)}, ${start}, ${end}, ${q(e.visibility)}, 0, ${now}, ${now}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, description = excluded.description, cover_key = excluded.cover_key, start_at = excluded.start_at, end_at = excluded.end_at, visibility = excluded.visibility, status = 0, updated_at = excluded.updated_at;`,
    );
    for (const planId of e.planIds)
      out.push(`INSERT INTO live_event_plans (live_event_id, plan_id) VALUES (${e.id}, ${planId}) ON CONFLICT DO NOTHING;`);
    e.tickets.forEach((t, i) => {
      out.push(
        `INSERT INTO live_event_ticket_types (id, live_event_id, title, price, capacity, sort_order, created_at, updated_at) VALUES (${t.id}, ${e.id}, ${q(t.title)}, ${t.price}, ${t.capacity ?? "NULL"}, ${i}, ${now}, ${now}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, price = excluded.price, capacity = CASE WHEN excluded.capacity IS NULL THEN NULL ELSE MAX(excluded.capacity, live_event_ticket_types.sold_count) END, sale_end_at = NULL, updated_at = excluded.updated_at;`,
      );
    });
  }
  return out;
}
