// Demo products: a free digital item, a paid digital item and paid physical goods with stock, in
// demo fan clubs of two brands. Idempotent like the rest of the seed: reserved ids from 1001, the
// texts and prices reset on every run, what was sold stays. The demo seed writes SQL only, so demo
// digital items have no file in R2 (their pages show no download); files uploaded from the
// creator's edit page work as usual.

const DAY = 86_400_000;
const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;
const v = (/** @type {string | number | null} */ value) => (value === null ? "NULL" : typeof value === "number" ? String(value) : q(value));

/**
 * @param {(fanclubId: number) => number} ownerOf the owner's user id of a demo fan club
 * @param {number} now
 * @returns {string[]}
 */
export function productDemoStatements(ownerOf, now) {
  const ago = (/** @type {number} */ days) => Math.round(now - days * DAY);
  const products = [
    {
      id: 1001,
      fanclubId: 101,
      title: "星空ボイス「おやすみの前に」(無料配布)",
      description: "フォローしてくださった方へのお礼に、3分間のおやすみボイスをお届けします。",
      price: 0,
      kind: "digital",
      stock: null,
      createdDaysAgo: 20,
      endsInDays: null,
    },
    {
      id: 1002,
      fanclubId: 101,
      title: "星空の壁紙セット(スマホ・PC)",
      description: "季節の星座をモチーフにした壁紙6枚のセットです。",
      price: 800,
      kind: "digital",
      stock: null,
      createdDaysAgo: 12,
      endsInDays: null,
    },
    {
      id: 1003,
      fanclubId: 101,
      title: "星野あかり アクリルスタンド",
      description: "高さ約15cmのアクリルスタンドです。ご購入から2週間ほどでお届けします。",
      price: 1800,
      kind: "physical",
      stock: 30,
      createdDaysAgo: 5,
      endsInDays: 60,
    },
    {
      id: 1004,
      fanclubId: 102,
      title: "サイン入りチェキ(数量限定)",
      description: "桜井蓮の直筆サイン入りチェキです。絵柄はお選びいただけません。",
      price: 1500,
      kind: "physical",
      stock: 5,
      createdDaysAgo: 3,
      endsInDays: 30,
    },
    {
      id: 1005,
      fanclubId: 106,
      title: "ささやきASMR 体験版(無料)",
      description: "本編の一部を体験版として無料でお届けします。",
      price: 0,
      kind: "digital",
      stock: null,
      createdDaysAgo: 8,
      endsInDays: null,
    },
  ];
  return products.map((p) => {
    const created = ago(p.createdDaysAgo);
    const saleEnd = p.endsInDays === null ? null : Math.round(now + p.endsInDays * DAY);
    return (
      "INSERT INTO products (id, fanclub_id, title, description, price, kind, stock, sold_count, sale_start_at, sale_end_at, status, created_by, created_at, updated_at) VALUES (" +
      [
        p.id,
        p.fanclubId,
        q(p.title),
        q(p.description),
        p.price,
        q(p.kind),
        v(p.stock),
        0,
        created,
        v(saleEnd),
        q("published"),
        ownerOf(p.fanclubId),
        created,
        created,
      ].join(", ") +
      // sold_count and files stay as they are: orders may exist
      ") ON CONFLICT(id) DO UPDATE SET title = excluded.title, description = excluded.description, price = excluded.price, kind = excluded.kind, stock = MAX(excluded.stock, products.sold_count), sale_start_at = excluded.sale_start_at, sale_end_at = excluded.sale_end_at, status = excluded.status;"
    );
  });
}
