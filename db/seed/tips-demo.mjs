// Demo tips (issue 6): a few fans tipped 星野あかり's posts that take tips (demo posts 100102 and
// 100103, locked to her ベーシック and プレミアム plans, which these fans support) and her fan
// club itself, each paid by the sandbox card, so the post's tips page, /me/fanclub/tips and the
// fans' histories have rows. Keys are fixed, so a second seed inserts nothing and changes nothing.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;

const FANCLUB_ID = 101;

/** @type {ReadonlyArray<{ n: number; fan: number; postId: number | null; amount: number; message: string | null; daysAgo: number }>} */
const TIPS = [
  { n: 1, fan: 7, postId: null, amount: 500, message: "開設おめでとうございます！", daysAgo: 10 },
  { n: 2, fan: 3, postId: 100102, amount: 500, message: "ボイス最高でした！", daysAgo: 6 },
  { n: 3, fan: 6, postId: 100102, amount: 300, message: null, daysAgo: 4 },
  { n: 4, fan: 5, postId: 100103, amount: 3000, message: "プレミアム配信、楽しみにしています！", daysAgo: 3 },
  { n: 5, fan: 1, postId: 100102, amount: 1000, message: "いつも元気をもらっています。", daysAgo: 2 },
];

/**
 * @param {(fan: number) => number} accountId the demo fan's user id
 * @param {(days: number) => number} ago a time that many days before the seed's now
 * @returns {string[]}
 */
export function tipDemoStatements(accountId, ago) {
  /** @type {string[]} */
  const out = [];
  for (const tip of TIPS) {
    const userId = accountId(tip.fan);
    const at = ago(tip.daysAgo);
    const key = `demo-tip:${tip.n}`;
    const purchaseId = `(SELECT id FROM purchases WHERE idempotency_key = ${q(key)})`;
    const targetType = tip.postId === null ? "fanclub_tipping" : "post_tipping";
    const targetId = tip.postId ?? FANCLUB_ID;
    const message = tip.message === null ? "NULL" : q(tip.message);
    out.push(
      "INSERT INTO purchases (user_id, cart_id, idempotency_key, status, total, coin_amount, card_amount, card_provider, card_charge_id, created_at, updated_at) VALUES (" +
        [userId, "NULL", q(key), q("paid"), tip.amount, 0, tip.amount, q("sandbox"), q(`demo-tip-charge-${tip.n}`), at, at].join(", ") +
        ") ON CONFLICT(idempotency_key) DO NOTHING;",
      `INSERT INTO purchase_items (purchase_id, type, target_type, target_id, fanclub_id, price, quantity, note) SELECT ${purchaseId}, 'Tipping', ${q(targetType)}, ${targetId}, ${FANCLUB_ID}, ${tip.amount}, 1, ${message} WHERE NOT EXISTS (SELECT 1 FROM purchase_items WHERE purchase_id = ${purchaseId});`,
      "INSERT INTO tips (user_id, fanclub_id, post_id, amount, message, purchase_id, idempotency_key, created_at) VALUES (" +
        [userId, FANCLUB_ID, tip.postId ?? "NULL", tip.amount, message, purchaseId, q(`${key}:tip`), at].join(", ") +
        ") ON CONFLICT(idempotency_key) DO NOTHING;",
    );
  }
  return out;
}
