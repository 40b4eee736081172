// Demo of special tickets on sale (decision 037): 星野あかり's fan club (101) sells
// 「ボイスレッスン30分チケット」 for 2,000 yen, so its page shows the 特別チケット tab, and opens a
// lesson slot priced at one of them, so a fan without one is sent from the lesson tab to buy it.
// Ids 800001 (the type) and 800002 (the slot), from the reserved range 800000–804999; a second seed
// moves the slot along with `now` while nobody has reserved it.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const JST = 9 * HOUR;
const TICKET_TYPE_ID = 800001;
const SLOT_ID = 800002;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * @param {{ now: number, fanclubId: number, ownerId: number }} input
 * @returns {string[]}
 */
export function specialTicketSaleDemoStatements({ now, fanclubId, ownerId }) {
  const created = now - 2 * DAY;
  // 21:00 JST five days ahead, on a half hour as the form offers
  const day = Math.floor((now + JST) / DAY) * DAY - JST;
  const start = day + 5 * DAY + 21 * HOUR;
  const opens = now - DAY;
  return [
    "INSERT INTO special_ticket_types (id, fanclub_id, name, grants, valid_days, price, created_at, updated_at) VALUES (" +
      [
        TICKET_TYPE_ID,
        fanclubId,
        q("ボイスレッスン30分チケット"),
        q("30分のオンライン・ボイスレッスンを1回予約できます。レッスンタブの「チケットで予約」から使えます。"),
        180,
        2000,
        created,
        created,
      ].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET name = excluded.name, grants = excluded.grants, valid_days = excluded.valid_days, price = excluded.price, archived_at = NULL;",
    "INSERT INTO lesson_slots (id, fanclub_id, owner_id, title, description, start_at, duration_minutes, capacity, reserved_count, method, external_url, live_event_id, price, ticket_type_id, reservation_start_at, reservation_end_at, status, created_at, updated_at) VALUES (" +
      [
        SLOT_ID,
        fanclubId,
        ownerId,
        q("チケットで受けるボイスレッスン（販売チケット）"),
        q("「ボイスレッスン30分チケット」1枚で予約できます。チケットは特別チケットのタブで購入できます。"),
        start,
        30,
        4,
        0,
        q("external"),
        q("https://meet.example.com/akari-voice-ticket"),
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
