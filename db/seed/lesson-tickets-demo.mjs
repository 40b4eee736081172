// Demo of a lesson taken with a special ticket (decision 038): 星野あかり's fan club (101) opens a
// slot priced at one 「個別ボイスレッスン1回券」 (the ticket type of goals-demo.mjs, id 730001), so
// fan01, who holds one, sees "reserve with a ticket" on the lesson tab. Id 760001 (reserved range
// 760000–769999); a second seed moves the slot along with `now` while it is still before.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const JST = 9 * HOUR;
const SLOT_ID = 760001;
const TICKET_TYPE_ID = 730001;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** @param {{ now: number, fanclubId: number, ownerId: number }} input */
export function lessonTicketDemoStatements({ now, fanclubId, ownerId }) {
  // 20:00 JST four days ahead, on a half hour as the form offers
  const day = Math.floor((now + JST) / DAY) * DAY - JST;
  const start = day + 4 * DAY + 20 * HOUR;
  const opens = now - DAY;
  return [
    "INSERT INTO lesson_slots (id, fanclub_id, owner_id, title, description, start_at, duration_minutes, capacity, reserved_count, method, external_url, live_event_id, price, ticket_type_id, reservation_start_at, reservation_end_at, status, created_at, updated_at) VALUES (" +
      [
        SLOT_ID,
        fanclubId,
        ownerId,
        q("チケットで受ける個別ボイスレッスン"),
        q("「個別ボイスレッスン1回券」を1枚使って予約できる30分の個別レッスンです。中止の場合、チケットはお手元に戻ります。"),
        start,
        30,
        3,
        0,
        q("external"),
        q("https://meet.example.com/akari-ticket-lesson"),
        "NULL",
        0,
        TICKET_TYPE_ID,
        opens,
        start,
        0,
        opens,
        opens,
      ].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET start_at = excluded.start_at, reservation_start_at = excluded.reservation_start_at, reservation_end_at = excluded.reservation_end_at, updated_at = excluded.updated_at WHERE lesson_slots.status = 0 AND lesson_slots.reserved_count = 0;",
  ];
}
