// Demo raffles of 星野あかり's fan club (101): one open for entries, one drawn with its recorded
// result. Ids are reserved like the rest of the demo (raffles 101–102, entries 101–106), so a
// second seed leaves them as they are and only moves the open raffle's window along.

const DAY = 24 * 60 * 60 * 1000;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/**
 * The drawn raffle's seed and the winners `sha256-ctr-fisher-yates-v1` gives for it over the six
 * entries below (entry ids 101–106, one ticket each, two winners): recomputed by
 * server/domain/raffles.ts drawWinners, so the demo's record is one anyone can check.
 */
const DRAWN_SEED = "5f1d3a9c7e2b4f6081a3c5e7092b4d6f8a1c3e5b7d9f0a2c4e6b8d0f1a3c5e79";
const DRAWN_WINNERS = [
  { rank: 1, entryId: 102 },
  { rank: 2, entryId: 105 },
];

/**
 * @param {{ now: number, fanclubId: number, fanIds: number[] }} input the six fans (fan01–fan06) who entered the drawn raffle
 * @returns {string[]}
 */
export function raffleDemoStatements({ now, fanclubId, fanIds }) {
  const ago = (/** @type {number} */ days) => Math.round(now - days * DAY);
  /** @type {string[]} */
  const out = [];
  out.push(
    "INSERT INTO raffles (id, fanclub_id, title, description, prize_description, entry_price, winner_count, entry_start_at, entry_end_at, max_entries_per_fan, status, created_at, updated_at) VALUES (" +
      [
        101,
        fanclubId,
        q("サイン入りアクリルスタンド抽選"),
        q("配信1000回を記念して、直筆サイン入りのアクリルスタンドを3名さまにお届けします。1口300円、おひとり5口まで応募できます。"),
        q("直筆サイン入りアクリルスタンド（約15cm）"),
        300,
        3,
        ago(3),
        ago(-10),
        5,
        q("published"),
        ago(3),
        ago(3),
      ].join(", ") +
      // a later seed keeps it open for entries unless someone drew it meanwhile
      ") ON CONFLICT(id) DO UPDATE SET entry_start_at = excluded.entry_start_at, entry_end_at = excluded.entry_end_at, updated_at = excluded.updated_at WHERE raffles.status <> 'drawn';",
  );
  out.push(
    "INSERT INTO raffles (id, fanclub_id, title, description, prize_description, entry_price, winner_count, entry_start_at, entry_end_at, max_entries_per_fan, status, drawn_at, seed, algorithm, drawn_ticket_count, created_at, updated_at) VALUES (" +
      [
        102,
        fanclubId,
        q("1周年記念 直筆メッセージカード"),
        q("ファンクラブ1周年の感謝をこめて、お名前入りの直筆メッセージカードを2名さまに。無料でおひとり1口応募できます。"),
        q("お名前入り直筆メッセージカード"),
        0,
        2,
        ago(20),
        ago(5),
        1,
        q("drawn"),
        ago(4),
        q(DRAWN_SEED),
        q("sha256-ctr-fisher-yates-v1"),
        fanIds.length,
        ago(20),
        ago(4),
      ].join(", ") +
      ") ON CONFLICT(id) DO NOTHING;",
  );
  fanIds.forEach((userId, i) => {
    const key = `demo-raffle:102:${userId}`;
    const at = ago(15 - i);
    out.push(
      `INSERT INTO purchases (user_id, idempotency_key, status, total, coin_amount, card_amount, created_at, updated_at) VALUES (${userId}, ${q(key)}, 'paid', 0, 0, 0, ${at}, ${at}) ON CONFLICT(idempotency_key) DO NOTHING;`,
      `INSERT INTO purchase_items (purchase_id, type, target_type, target_id, fanclub_id, price, quantity) SELECT p.id, 'Raffle', 'raffle_entry', 102, ${fanclubId}, 0, 1 FROM purchases p WHERE p.idempotency_key = ${q(key)} AND NOT EXISTS (SELECT 1 FROM purchase_items i WHERE i.purchase_id = p.id);`,
      `INSERT INTO raffle_entries (id, raffle_id, user_id, purchase_id, count, fan_total, fan_limit, idempotency_key, created_at) SELECT ${101 + i}, 102, ${userId}, p.id, 1, 1, 1, ${q(`${key}:raffle:102`)}, ${at} FROM purchases p WHERE p.idempotency_key = ${q(key)} ON CONFLICT DO NOTHING;`,
    );
  });
  for (const w of DRAWN_WINNERS) {
    out.push(
      `INSERT INTO raffle_winners (raffle_id, rank, entry_id, user_id, created_at) SELECT 102, ${w.rank}, e.id, e.user_id, ${ago(4)} FROM raffle_entries e WHERE e.id = ${w.entryId} ON CONFLICT DO NOTHING;`,
    );
  }
  return out;
}
