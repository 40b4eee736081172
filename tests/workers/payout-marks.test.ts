import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { markTransfer } from "../../server/services/payouts/operations";
import { hosts } from "./helpers";
import { callApi as call } from "./money-fixture";
import { count, payoutCreator } from "./payouts-fixture";

/*
 * The operator marks a transfer paid or failed (issue 19, item 4). Two marks of the same transfer
 * sent at once (a double click, two operators) change it once, and only the one that changed it
 * is told it did: the other learns the transfer is no longer in transfer.
 */

const db = createDb(env.DB);
const urls = { userOrigin: `http://${hosts.user}` };

describe("marking a transfer", () => {
  for (const outcomes of [
    ["failed", "failed"],
    ["paid", "failed"],
  ] as const) {
    it(`${outcomes.join(" and ")} at once: one mark wins, one ledger movement, one notice`, async () => {
      const creator = await payoutCreator({ earned: 50_000, prefix: `mark${outcomes.join("")}` });
      const requested = await call<{ transfer: { id: number } }>(creator, "POST", "/me/fanclub/transfers", { amount: 20_000 });
      expect(requested.status, JSON.stringify(requested.json)).toBe(201);
      // what closing the period does to it: the transfer is on its way to the bank
      await env.DB.prepare("UPDATE transfers SET status = 'in_transfer' WHERE kind = 'payout' AND fanclub_id = ?")
        .bind(creator.fanclubId)
        .run();
      const [{ id }] = (
        await env.DB.prepare("SELECT id FROM transfers WHERE kind = 'payout' AND fanclub_id = ?")
          .bind(creator.fanclubId)
          .all<{ id: number }>()
      ).results as [{ id: number }];
      const noticesBefore = await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", creator.id);

      const results = await Promise.all(outcomes.map((outcome) => markTransfer(db, { id, outcome, now: Date.now(), urls })));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "notInTransfer" }]);
      const winner = outcomes[results.findIndex((r) => r.ok)]!;
      const [row] = (await env.DB.prepare("SELECT status FROM transfers WHERE id = ?").bind(id).all<{ status: string }>()).results;
      expect(row!.status).toBe(winner);
      expect(
        await count(
          "SELECT count(*) AS n FROM earning_entries e JOIN transfers t ON e.source_key = t.idempotency_key WHERE t.id = ? AND e.type IN ('payout_paid', 'payout_failed')",
          id,
        ),
      ).toBe(1);
      expect(await count("SELECT count(*) AS n FROM notifications WHERE user_id = ?", creator.id)).toBe(noticesBefore + 1);
    });
  }
});
