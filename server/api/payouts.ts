import { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { bankAccountSchema } from "../domain/bank-account";
import { outstandingTotal, parseYenAmount } from "../domain/payouts";
import { bankRefusal, payoutRefusal, refundRefusal } from "../http/payout-messages";
import { requireApiUser } from "../http/require-user";
import { enqueueEmails } from "../services/payouts/mail-queue";
import {
  deleteBankAccount,
  getBankAccount,
  hasTransferInProgress,
  maskedBankAccount,
  saveBankAccount,
} from "../services/payouts/bank-accounts";
import { searchBanks, searchBranches } from "../services/payouts/bank-codes";
import { payoutHistory, payoutOverview, requestPayout } from "../services/payouts/payouts";
import { applyForRefund, listRefunds } from "../services/payouts/refunds";
import { requireCreatorApi } from "./creator";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";

/**
 * Money out over /api/v1 (spec §7 `bank_accounts`, `transfers`): the signed-in person's bank
 * account and the official code search behind its form, a fan's refunds (status, refund_request),
 * and the creator's payouts (/me/fanclub/transfers, permission manageTransfers).
 */

export const bankAccountsApi = new Hono<AppEnv>();

/** The account, masked: the API never sends the full number (only the owner's edit page shows it). */
bankAccountsApi.get("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const [row, locked] = await Promise.all([getBankAccount(app.db, user.id), hasTransferInProgress(app.db, user.id)]);
  return ok(c, { bankAccount: row ? maskedBankAccount(row) : null, locked });
});

bankAccountsApi.put("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const parsed = bankAccountSchema(app.t).safeParse(await bodyOf(c));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ message: i.message, target: i.path.join(".") || "base" }));
    throw new ApiError(400, errors[0]?.message ?? app.t("api.invalid"), errors);
  }
  const saved = await saveBankAccount(app.db, user.id, parsed.data, Date.now());
  if (!saved.ok) {
    const r = bankRefusal(app.t, saved);
    throw new ApiError(r.status, r.message, [{ message: r.message, target: r.target }]);
  }
  return ok(c, { bankAccount: maskedBankAccount(saved.account) });
});

bankAccountsApi.delete("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const done = await deleteBankAccount(app.db, user.id);
  if (!done.ok) {
    if (done.reason === "notFound") throw new ApiError(404, app.t("api.notFound"));
    throw new ApiError(409, app.t("payouts:bank.errors.locked"));
  }
  return ok(c, { bankAccount: null });
});

/** The code lists, searched on the server so the browser never downloads them (a few KB per answer). */
bankAccountsApi.get("/banks", async (c) => {
  requireApiUser(c.get("app"));
  const q = (c.req.query("q") ?? "").slice(0, 40);
  c.header("cache-control", "private, max-age=3600");
  return ok(c, { banks: await searchBanks(q) });
});

bankAccountsApi.get("/banks/:code/branches", async (c) => {
  requireApiUser(c.get("app"));
  const code = c.req.param("code");
  const q = (c.req.query("q") ?? "").slice(0, 40);
  c.header("cache-control", "private, max-age=3600");
  return ok(c, { branches: /^\d{4}$/.test(code) ? await searchBranches(code, q) : [] });
});

export const transfersApi = new Hono<AppEnv>();

/** The fan's refunds, newest first. */
transfersApi.get("/", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const refunds = await listRefunds(app.db, user.id);
  return ok(c, { transfers: refunds, outstanding: outstandingTotal(refunds) });
});

/** What the layout or a page needs to know at a glance: is anything owed, is an account given. */
transfersApi.get("/status", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const [refunds, account] = await Promise.all([listRefunds(app.db, user.id), getBankAccount(app.db, user.id)]);
  return ok(c, {
    outstanding: outstandingTotal(refunds),
    owed: refunds.filter((r) => r.status === "owed" || r.status === "failed").length,
    hasBankAccount: Boolean(account),
  });
});

/** The fan applies for a refund owed to them, to their registered account. */
transfersApi.post("/:id/refund_request", async (c) => {
  const app = c.get("app");
  const user = requireApiUser(app);
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(404, app.t("api.notFound"));
  const applied = await applyForRefund(app.db, { userId: user.id, transferId: id, now: Date.now() });
  if (!applied.ok) {
    const r = refundRefusal(app.t, applied);
    throw new ApiError(r.status, r.message);
  }
  return ok(c, { transfer: applied.transfer });
});

export const creatorTransfersApi = new Hono<AppEnv>();

creatorTransfersApi.get("/", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageTransfers");
  const fanclub = { id: op.fanclubId, ownerId: op.role.ownerId, name: op.name };
  const [overview, history] = await Promise.all([payoutOverview(app.db, fanclub, Date.now()), payoutHistory(app.db, [op.fanclubId])]);
  return ok(c, { ...overview, history });
});

/** Requests this period's payout: `amount` in whole yen (digits, ja-JP separators allowed). */
creatorTransfersApi.post("/", async (c) => {
  const app = c.get("app");
  const op = requireCreatorApi(app, "manageTransfers");
  const amount = parseYenAmount((await bodyOf(c)).amount);
  if (amount === null)
    throw new ApiError(400, app.t("payouts:request.errors.invalid"), [
      { message: app.t("payouts:request.errors.invalid"), target: "amount" },
    ]);
  const front = app.services.find((s) => s.id === op.serviceId)?.frontUrl ?? "";
  const result = await requestPayout(app.db, {
    fanclub: { id: op.fanclubId, ownerId: op.role.ownerId, name: op.name },
    amount,
    now: Date.now(),
    historyUrl: `${front}/me/fanclub/transfer/history`,
  });
  if (!result.ok) {
    const r = payoutRefusal(app.t, result);
    throw new ApiError(r.status, r.message, [{ message: r.message, target: "amount" }]);
  }
  enqueueEmails(app, result.emailIds, `payout:${result.transfer.id}`);
  return ok(c, { transfer: result.transfer }, 201);
});
