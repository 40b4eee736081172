// Demo money out (issue 19): bank accounts, payouts and a refund to receive, so `npm run dev` shows
// /me/settings/bank, /me/fanclub/transfer(/history), the label's /me/managed_fanclubs/transfers
// pages, fan01's /me/transfer and the operator's /ops/payouts with something to close.
// - creator01 (星野あかり, fan club 101): a registered account, one payout paid two months ago and
//   one requested this month (the operator can close the period, download the file, mark it);
// - the label (きらめきプロダクション) receives fan club 111's payouts (the owner said so), one
//   paid; fan club 112 pays its owner, one paid; both owners and the label have accounts;
// - fan01: a refund owed (a product refunded after the card was removed), to apply for.
// Every payout posts to the earnings ledger as the service does (docs/decisions/029). Keys and ids
// are fixed, so a second seed inserts nothing and changes nothing.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;
const DAY = 86_400_000;

/** yyyy-mm of an instant in Japan time. */
const jstMonth = (/** @type {number} */ ms) => new Date(ms + 9 * 3600_000).toISOString().slice(0, 7);

/**
 * @typedef {{ key: string; bankCode: string; bankName: string; bankKana: string; branchCode: string; branchName: string;
 *   branchKana: string; accountType: "ordinary" | "current" | "savings"; accountNumber: string; holderName: string }} DemoAccount
 */

/** @type {DemoAccount[]} */
const ACCOUNTS = [
  {
    key: "creator01",
    bankCode: "0001",
    bankName: "みずほ",
    bankKana: "ﾐｽﾞﾎ",
    branchCode: "001",
    branchName: "東京営業部",
    branchKana: "ﾄｳｷﾖｳ",
    accountType: "ordinary",
    accountNumber: "1234567",
    holderName: "ﾎｼﾉ ｱｶﾘ",
  },
  {
    key: "label",
    bankCode: "0005",
    bankName: "三菱ＵＦＪ",
    bankKana: "ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ",
    branchCode: "001",
    branchName: "本店",
    branchKana: "ﾎﾝﾃﾝ",
    accountType: "current",
    accountNumber: "7654321",
    holderName: "ｶ)ｷﾗﾒｷﾌﾟﾛﾀﾞｸｼﾖﾝ",
  },
  {
    key: "creator12",
    bankCode: "0009",
    bankName: "三井住友",
    bankKana: "ﾐﾂｲｽﾐﾄﾓ",
    branchCode: "001",
    branchName: "神保町",
    branchKana: "ｼﾞﾝﾎﾞｳﾁﾖｳ",
    accountType: "ordinary",
    accountNumber: "0012345",
    holderName: "ｼﾗｲｼ ﾐｻｷ",
  },
];

/**
 * @typedef {{ n: number; fanclubId: number; payee: string; amount: number; fee: number; status: "requested" | "paid";
 *   monthsAgo: number; account: string }} DemoPayout
 */

/** @type {DemoPayout[]} */
const PAYOUTS = [
  { n: 1, fanclubId: 101, payee: "creator01", account: "creator01", amount: 12000, fee: 330, status: "paid", monthsAgo: 2 },
  { n: 2, fanclubId: 101, payee: "creator01", account: "creator01", amount: 8000, fee: 330, status: "requested", monthsAgo: 0 },
  { n: 3, fanclubId: 111, payee: "label", account: "label", amount: 5000, fee: 330, status: "paid", monthsAgo: 1 },
  { n: 4, fanclubId: 112, payee: "creator12", account: "creator12", amount: 4000, fee: 330, status: "paid", monthsAgo: 1 },
];

/**
 * @param {(key: string) => number} accountId the demo account's user id
 * @param {number} now the seed's clock
 * @returns {string[]}
 */
export function payoutDemoStatements(accountId, now) {
  /** @type {string[]} */
  const out = [];
  for (const a of ACCOUNTS) {
    out.push(
      "INSERT INTO bank_accounts (user_id, bank_code, bank_name, bank_kana, branch_code, branch_name, branch_kana, account_type, account_number, holder_name, created_at, updated_at) VALUES (" +
        [
          accountId(a.key),
          q(a.bankCode),
          q(a.bankName),
          q(a.bankKana),
          q(a.branchCode),
          q(a.branchName),
          q(a.branchKana),
          q(a.accountType),
          q(a.accountNumber),
          q(a.holderName),
          now - 90 * DAY,
          now - 90 * DAY,
        ].join(", ") +
        ") ON CONFLICT(user_id) DO NOTHING;",
    );
  }
  // fan club 111 (天音こはく) pays its label; 112 keeps paying its owner
  out.push(
    `INSERT INTO fanclub_payout_settings (fanclub_id, payee, label_user_id, updated_at) VALUES (111, 'label', ${accountId("label")}, ${now - 90 * DAY}) ON CONFLICT(fanclub_id) DO NOTHING;`,
  );

  for (const p of PAYOUTS) {
    const requestedAt = now - (p.monthsAgo * 30 + 5) * DAY;
    const period = jstMonth(p.monthsAgo === 0 ? now : requestedAt);
    // the key the service gives the request, so the fan club cannot ask a second time this period
    const key = `payout:${p.fanclubId}:${period}`;
    const paidAt = p.status === "paid" ? requestedAt + 10 * DAY : null;
    const a = ACCOUNTS.find((x) => x.key === p.account);
    if (!a) throw new Error(`no demo account ${p.account}`);
    // only when the ledger holds enough closed earnings for it (the sales demo provides them):
    // a payout never takes a balance below zero, not even in the demo
    const closed = q(jstMonth(now - 45 * DAY));
    const enough = `(SELECT COALESCE(SUM(net), 0) FROM earning_entries WHERE fanclub_id = ${p.fanclubId} AND (type NOT IN ('sale', 'refund') OR month <= ${closed})) >= ${p.amount}`;
    out.push(
      "INSERT INTO transfers (kind, user_id, fanclub_id, period, status, amount, fee, bank_code, bank_kana, branch_code, branch_kana, account_type, account_number, holder_name, idempotency_key, state_token, requested_at, in_transfer_at, paid_at, created_at, updated_at) SELECT " +
        [
          q("payout"),
          accountId(p.payee),
          p.fanclubId,
          q(period),
          q(p.status),
          p.amount,
          p.fee,
          q(a.bankCode),
          q(a.bankKana),
          q(a.branchCode),
          q(a.branchKana),
          q(a.accountType),
          q(a.accountNumber),
          q(a.holderName),
          q(key),
          q("demo"),
          requestedAt,
          paidAt === null ? "NULL" : paidAt - 3 * DAY,
          paidAt ?? "NULL",
          requestedAt,
          paidAt ?? requestedAt,
        ].join(", ") +
        // the period comes from the seed's clock: a later run in another month must not add a
        // second demo payout of this kind beside the first (the key alone would let it)
        ` WHERE ${enough} AND NOT EXISTS (SELECT 1 FROM transfers WHERE kind = 'payout' AND fanclub_id = ${p.fanclubId} AND status = ${q(p.status)} AND state_token = 'demo') ON CONFLICT(idempotency_key) DO NOTHING;`,
    );
    if (paidAt !== null)
      out.push(
        `INSERT INTO payout_periods (period, transfer_date, closed_by, closed_at) SELECT ${q(period)}, ${q(new Date(paidAt + 9 * 3600_000).toISOString().slice(0, 10))}, ${accountId("operator")}, ${paidAt - 3 * DAY} WHERE EXISTS (SELECT 1 FROM transfers WHERE idempotency_key = ${q(key)}) ON CONFLICT(period) DO NOTHING;`,
      );
    out.push(...ledgerStatements(key, key, "payout", p.fanclubId, p.amount, requestedAt));
    if (paidAt !== null) out.push(...ledgerStatements(`${key}:outcome`, key, "payout_paid", p.fanclubId, p.amount, paidAt));
  }

  // fan01's refund to receive: a product refunded after the card had been removed
  out.push(
    "INSERT INTO transfers (kind, user_id, fanclub_id, period, status, amount, fee, reason, memo, idempotency_key, state_token, created_at, updated_at) VALUES (" +
      [
        q("refund"),
        accountId("fan01"),
        101,
        "NULL",
        q("owed"),
        1500,
        0,
        q("card_removed"),
        q("「星空ポストカードセット」の返金"),
        q("refund-owed:demo:1"),
        q("demo"),
        now - 4 * DAY,
        now - 4 * DAY,
      ].join(", ") +
      ") ON CONFLICT(idempotency_key) DO NOTHING;",
  );
  return out;
}

/**
 * One earnings ledger entry of a payout movement and its two postings (decision 029's table),
 * written as the ledger's own `payoutStatements` writes them: nothing if the key is there.
 * @param {string} key
 * @param {string} sourceKey
 * @param {"payout" | "payout_paid"} type
 * @param {number} fanclubId
 * @param {number} amount
 * @param {number} at
 */
function ledgerStatements(key, sourceKey, type, fanclubId, amount, at) {
  const net = type === "payout" ? -amount : 0;
  const postings =
    type === "payout"
      ? [
          ["creator", -amount],
          ["payout_in_progress", amount],
        ]
      : [
          ["payout_in_progress", -amount],
          ["paid_out", amount],
        ];
  return [
    "INSERT INTO earning_entries (idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, reverses_entry_id, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at) SELECT " +
      [q(key), q(type), fanclubId, "NULL", "NULL", "NULL", "NULL", q(sourceKey), "NULL", 0, 0, 0, net, 0, 0, q(jstMonth(at)), at, at].join(
        ", ",
      ) +
      // only for a payout the seed wrote (see the earnings condition above)
      ` WHERE EXISTS (SELECT 1 FROM transfers WHERE idempotency_key = ${q(sourceKey)}) ON CONFLICT(idempotency_key) DO NOTHING;`,
    `INSERT INTO earning_postings (entry_id, account, fanclub_id, amount) SELECT e.id, v.column1, ${fanclubId}, v.column2 FROM earning_entries e, (VALUES ${postings
      .map(([account, value]) => `(${q(String(account))}, ${value})`)
      .join(", ")}) v WHERE e.idempotency_key = ${q(key)} AND NOT EXISTS (SELECT 1 FROM earning_postings p WHERE p.entry_id = e.id);`,
  ];
}
