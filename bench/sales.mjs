// Benchmark part, not a test: the creator's sales page (/me/fanclub/sales) over a large ledger.
// `salesSeedSql` writes BENCH_SALES_ROWS earnings entries (default 100,000) for one fan club,
// demo fan club 101 of creator01, spread over the last 12 Japan-time months and every kind, with
// one refund in twenty; bench/run.mjs loads it into the bench's own local D1 before the worker
// starts (never the demo seed). `measureSalesPage` signs in as creator01 and measures the page
// rendered on every request (a signed-in page is never shared), its ratio to the bare route of
// the same run and its D1 round trips. Only the entries are written: the page reads them alone
// (their postings would add rows the page never touches).
import { signInDemo } from "./seed-sql.mjs";

const FANCLUB = 101;
const FIRST_ENTRY = 9_700_001;
const CREATOR = "creator01@demo.fanclub.localhost";
const JST = 9 * 3600_000;
// kind, subject type, subject ids (the demo fan club's plans 101–104; others read "untitled"), fee rate
const KINDS = [
  ["plan", "plan", [101, 102, 103, 104], 1000],
  ["product", "product", [1, 2, 3], 800],
  ["live_ticket", "live_event", [101, 102], 3000],
  ["raffle", "raffle", [1], 1000],
  ["tip", "fanclub", [FANCLUB], 1000],
  ["lesson", "lesson_slot", [1], 1000],
];

const monthOf = (ms) => {
  const d = new Date(ms + JST);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
};

/** The split of one sale as the ledger makes it: fee by rate, 10 % tax on the fee, the rest net (integer yen). */
function split(gross, feeRateBp) {
  const fee = Math.floor((gross * feeRateBp) / 10_000);
  const tax = Math.floor(fee / 10);
  return { gross, fee, tax, net: gross - fee - tax };
}

export function salesSeedSql({ rows = Number(process.env.BENCH_SALES_ROWS ?? 100_000), now = Date.now() } = {}) {
  const statements = [`DELETE FROM earning_entries WHERE id >= ${FIRST_ENTRY};`];
  const values = [];
  const day = 86_400_000;
  for (let i = 0; i < rows; i++) {
    const id = FIRST_ENTRY + i;
    const [kind, subjectType, ids, feeRateBp] = KINDS[i % KINDS.length];
    // spread over 360 days back from now: every month of the chart holds about rows / 12
    const at = now - Math.floor((i / rows) * 360 * day) - 1000;
    const refund = i % 20 === 19;
    const f = split(500 + ((i * 37) % 50) * 100, feeRateBp);
    const s = refund ? -1 : 1;
    values.push(
      `(${id}, 'bench-sales:${i}', '${refund ? "refund" : "sale"}', ${FANCLUB}, '${kind}', '${subjectType}', ${ids[i % ids.length]}, NULL, 'bench-sales-source:${i}', NULL, ${s * f.gross}, ${s * f.fee}, ${s * f.tax}, ${s * f.net}, ${feeRateBp}, 1000, '${monthOf(at)}', ${at}, ${now})`,
    );
  }
  const columns =
    "id, idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, reverses_entry_id, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at";
  for (let i = 0; i < values.length; i += 500)
    statements.push(`INSERT INTO earning_entries (${columns}) VALUES\n${values.slice(i, i + 500).join(",\n")};`);
  return statements.join("\n");
}

/** Signs in as creator01 on the login domain; the session cookie covers every subdomain. */
export const signInCreator = (port) => signInDemo(port, CREATOR);
