import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { demoStatements } from "../../db/seed/seed-sql.mjs";
import { billingMonthOf } from "../../server/domain/billing-month";
import { monthsEndingAt } from "../../server/domain/earnings";
import { backfillEarnings } from "../../server/services/earnings/backfill";
import { earningsAudit } from "../../server/services/earnings/balance";
import { salesPage } from "../../server/services/earnings/sales";

/*
 * The one-off backfill over the demo seed: every paid purchase item (and renewal) gets its entry
 * at the rates of its instant; a second run posts nothing; creator01's fan club has a year of
 * sales across every kind and the label's two fan clubs have theirs; the books balance.
 */

const db = createDb(env.DB);
const origin = { scheme: "http", port: "8787" } as const;

describe("earnings backfill", () => {
  it("brings the demo's purchases into the ledger once, matching the purchase rows to the yen", async () => {
    const now = Date.now();
    await env.DB.batch(demoStatements(origin, now).map((sql) => env.DB.prepare(sql)));
    const first = await backfillEarnings(db);
    expect(first.posted).toBeGreaterThan(100);
    expect(await backfillEarnings(db)).toEqual({ posted: 0 });

    const paid = await env.DB.prepare(
      "SELECT coalesce(sum(i.price), 0) AS total FROM purchase_items i JOIN purchases p ON p.id = i.purchase_id WHERE p.status = 'paid'",
    ).first<{ total: number }>();
    const audit = await earningsAudit(db);
    expect(-(audit.byAccount.fans ?? 0)).toBe(paid!.total);
    expect(audit.unbalancedEntries).toBe(0);
    expect(audit.netMismatches).toBe(0);

    const page = await salesPage(db, 101, billingMonthOf(now), now);
    const months = monthsEndingAt(billingMonthOf(now), 12);
    expect(page.months.map((m) => m.month)).toEqual(months);
    expect(page.months.filter((m) => m.gross > 0).length).toBeGreaterThanOrEqual(11);
    const kinds = await env.DB.prepare("SELECT DISTINCT kind FROM earning_entries WHERE fanclub_id = 101 ORDER BY kind").all<{
      kind: string;
    }>();
    expect(kinds.results.map((r) => r.kind)).toEqual(["lesson", "live_ticket", "plan", "product", "raffle", "tip"]);
    for (const label of [111, 112]) {
      const row = await env.DB.prepare("SELECT coalesce(sum(gross), 0) AS g FROM earning_entries WHERE fanclub_id = ?")
        .bind(label)
        .first<{ g: number }>();
      expect(row!.g).toBeGreaterThan(0);
    }
  });
});
