// Demo lessons of 星野あかり's fan club (101), so `npm run dev` shows the three states of issue 22 at
// once: a full slot (both seats taken), an online slot with seats left (fan01 holds a paid seat),
// and a slot already held (done, fan01 took it). Ids are reserved (live event 740002, slots
// 740001–740003, seats 740001–740099); a second seed moves the coming slots along with `now` while
// they are still before, and leaves seats that exist as they are.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const JST = 9 * HOUR;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * @typedef {{ id: number, title: string, description: string, startInDays: number, minutes: number, capacity: number,
 *   method: "online" | "external", externalUrl: string | null, liveEventId: number | null, price: number, status: 0 | 1,
 *   seats: { id: number, fan: number }[] }} DemoSlot
 */

/** @type {DemoSlot[]} */
const SLOTS = [
  {
    id: 740001,
    title: "1対1 歌のワンポイントレッスン",
    description: "あかりと1対1で、歌いたい曲のサビを一緒に練習します。通話ツールのリンクは予約した方にだけ表示されます。",
    startInDays: 3,
    minutes: 30,
    capacity: 2,
    method: "external",
    externalUrl: "https://meet.example.com/akari-lesson",
    liveEventId: null,
    price: 0,
    status: 0,
    seats: [
      { id: 740001, fan: 2 },
      { id: 740002, fan: 3 },
    ],
  },
  {
    id: 740002,
    title: "みんなで発声練習（オンライン）",
    description: "配信ルームで一緒に発声練習。腹式呼吸からロングトーンまで、60分でじっくり。",
    startInDays: 5,
    minutes: 60,
    capacity: 10,
    method: "online",
    externalUrl: null,
    liveEventId: 740002,
    price: 1500,
    status: 0,
    seats: [
      { id: 740003, fan: 1 },
      { id: 740004, fan: 4 },
    ],
  },
  {
    id: 740003,
    title: "はじめてのボイトレ体験",
    description: "はじめての方向けの少人数ボイトレ。姿勢と呼吸の基本を練習しました。",
    startInDays: -7,
    minutes: 60,
    capacity: 3,
    method: "external",
    externalUrl: "https://meet.example.com/akari-trial",
    liveEventId: null,
    price: 0,
    status: 1,
    seats: [
      { id: 740005, fan: 1 },
      { id: 740006, fan: 5 },
    ],
  },
];

/**
 * @param {{ now: number, fanclubId: number, ownerId: number, fanId: (n: number) => number }} input
 * @returns {string[]}
 */
export function lessonDemoStatements({ now, fanclubId, ownerId, fanId }) {
  // lessons start at 20:00 Japan time (a half-hour choice of spec §5) on their day
  const base = Math.floor((now + JST) / DAY) * DAY - JST + 20 * HOUR;
  /** @type {string[]} */
  const out = [];
  for (const s of SLOTS) {
    const start = base + s.startInDays * DAY;
    const end = start + s.minutes * 60_000;
    const windowStart = Math.min(start, now) - 7 * DAY;
    const created = windowStart;
    if (s.liveEventId !== null)
      out.push(
        // the online lesson's room: a private event whose only tickets are the lesson's seats
        `INSERT INTO live_events (id, fanclub_id, owner_id, title, description, start_at, end_at, visibility, status, created_at, updated_at) VALUES (${s.liveEventId}, ${fanclubId}, ${ownerId}, ${q(s.title)}, ${q(s.description)}, ${start}, ${end}, 'ticket', 1, ${created}, ${created}) ON CONFLICT(id) DO UPDATE SET start_at = excluded.start_at, end_at = excluded.end_at, updated_at = excluded.updated_at WHERE (SELECT status FROM lesson_slots WHERE id = ${s.id}) = 0;`,
      );
    out.push(
      "INSERT INTO lesson_slots (id, fanclub_id, owner_id, title, description, start_at, duration_minutes, capacity, reserved_count, method, external_url, live_event_id, price, reservation_start_at, reservation_end_at, status, created_at, updated_at) VALUES (" +
        [
          s.id,
          fanclubId,
          ownerId,
          q(s.title),
          q(s.description),
          start,
          s.minutes,
          s.capacity,
          s.seats.length,
          q(s.method),
          s.externalUrl === null ? "NULL" : q(s.externalUrl),
          s.liveEventId ?? "NULL",
          s.price,
          windowStart,
          start,
          s.status,
          created,
          created,
        ].join(", ") +
        // a later seed keeps a coming slot coming (unless someone held or cancelled it meanwhile)
        ") ON CONFLICT(id) DO UPDATE SET start_at = excluded.start_at, reservation_start_at = excluded.reservation_start_at, reservation_end_at = excluded.reservation_end_at, updated_at = excluded.updated_at WHERE lesson_slots.status = 0 AND excluded.status = 0;",
    );
    s.seats.forEach((seat, i) => {
      const userId = fanId(seat.fan);
      const key = `demo-lesson:${s.id}:${seat.fan}`;
      const at = created + (i + 1) * HOUR;
      out.push(
        // paid seats are shown as card payments (no charge id: the demo never reaches a provider)
        `INSERT INTO purchases (user_id, idempotency_key, status, total, coin_amount, card_amount, created_at, updated_at) VALUES (${userId}, ${q(key)}, 'paid', ${s.price}, 0, ${s.price}, ${at}, ${at}) ON CONFLICT(idempotency_key) DO NOTHING;`,
        `INSERT INTO purchase_items (purchase_id, type, target_type, target_id, fanclub_id, price, quantity) SELECT p.id, 'LessonReservation', 'lesson_slot', ${s.id}, ${fanclubId}, ${s.price}, 1 FROM purchases p WHERE p.idempotency_key = ${q(key)} AND NOT EXISTS (SELECT 1 FROM purchase_items i WHERE i.purchase_id = p.id);`,
        `INSERT INTO lesson_reservations (id, slot_id, user_id, purchase_id, price, status, idempotency_key, created_at, updated_at) SELECT ${seat.id}, ${s.id}, ${userId}, p.id, ${s.price}, ${s.status}, ${q(`${key}:lesson:${s.id}`)}, ${at}, ${at} FROM purchases p WHERE p.idempotency_key = ${q(key)} ON CONFLICT DO NOTHING;`,
      );
    });
  }
  return out;
}
