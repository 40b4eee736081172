// Demo sales (issue 19): a year of paid purchases for 星野あかり's fan club (101) across every kind
// (plans, products, live tickets, raffle entries, tips; card, coins or both) and a few months for
// the label's two Kirameki fan clubs (111, 112). They are ordinary purchase rows; the earnings
// ledger takes them in through its backfill (POST /dev/earnings, run by `npm run dev` once the
// worker is up), the same code that brought earlier payments in, so the sales pages and the ledger
// agree. Keys are fixed: a second seed inserts nothing.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;
const DAY = 86_400_000;

/** @type {ReadonlyArray<{ fanclubId: number; type: string; targetType: string; targetId: number; price: number; quantity?: number }>} */
const LINES = [
  { fanclubId: 101, type: "Plan", targetType: "join_plan_type", targetId: 1102, price: 500 },
  { fanclubId: 101, type: "Plan", targetType: "join_plan_type", targetId: 1103, price: 2000 },
  { fanclubId: 101, type: "Product", targetType: "product", targetId: 1001, price: 1800 },
  { fanclubId: 101, type: "LiveEventTicket", targetType: "live_event_ticket", targetId: 1011, price: 1500 },
  { fanclubId: 101, type: "LiveEventTicket", targetType: "live_event_ticket", targetId: 1012, price: 3000 },
  { fanclubId: 101, type: "Raffle", targetType: "raffle_entry", targetId: 101, price: 500 },
  { fanclubId: 101, type: "Tipping", targetType: "fanclub_tipping", targetId: 101, price: 1000 },
  { fanclubId: 111, type: "Plan", targetType: "join_plan_type", targetId: 1112, price: 500 },
  { fanclubId: 112, type: "Plan", targetType: "join_plan_type", targetId: 1122, price: 600 },
];

/**
 * @param {{ now: number; fanIds: number[] }} input the demo fans who bought
 * @returns {string[]}
 */
export function earningDemoStatements({ now, fanIds }) {
  /** @type {string[]} */
  const out = [];
  let n = 0;
  for (let monthsAgo = 11; monthsAgo >= 0; monthsAgo--) {
    // sales grow over the year: more purchases in recent months
    const perLine = 1 + Math.floor((11 - monthsAgo) / 4);
    LINES.forEach((line, l) => {
      if (line.fanclubId !== 101 && monthsAgo > 5) return;
      for (let k = 0; k < perLine; k++) {
        n++;
        const at = now - monthsAgo * 30 * DAY - ((l * 3 + k * 5) % 25) * DAY - 3_600_000;
        const userId = fanIds[(n * 7) % fanIds.length];
        const key = `demo-sale:${n}`;
        // every third purchase paid with coins, every fifth split between coins and card
        const coins = n % 3 === 0 ? line.price : n % 5 === 0 ? Math.floor(line.price / 2) : 0;
        const card = line.price - coins;
        out.push(
          "INSERT INTO purchases (user_id, cart_id, idempotency_key, status, total, coin_amount, card_amount, card_provider, card_charge_id, created_at, updated_at) VALUES (" +
            [
              userId,
              "NULL",
              q(key),
              q("paid"),
              line.price,
              coins,
              card,
              card ? q("sandbox") : "NULL",
              card ? q(`demo-sale-charge-${n}`) : "NULL",
              at,
              at,
            ].join(", ") +
            ") ON CONFLICT(idempotency_key) DO NOTHING;",
          `INSERT INTO purchase_items (purchase_id, type, target_type, target_id, fanclub_id, price, quantity) SELECT p.id, ${q(line.type)}, ${q(line.targetType)}, ${line.targetId}, ${line.fanclubId}, ${line.price}, 1 FROM purchases p WHERE p.idempotency_key = ${q(key)} AND NOT EXISTS (SELECT 1 FROM purchase_items i WHERE i.purchase_id = p.id);`,
        );
      }
    });
  }
  return out;
}
