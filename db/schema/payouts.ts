import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { serialId, timestamp, timestamps } from "./columns";
import { users } from "./accounts";
import { fanclubs } from "./fanclubs";

// Money out: bank accounts, payouts to creators and labels, refunds owed to fans, payout periods.

/**
 * A person's bank account for payouts and refunds (one each). Codes are Zengin codes checked
 * against the official lists; the kana names are the half-width forms the transfer file carries,
 * the display names what people read. `holderName` is half-width katakana (server/domain/bank-account.ts).
 */
export const bankAccounts = sqliteTable(
  "bank_accounts",
  {
    id: serialId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    bankCode: text("bank_code").notNull(),
    bankName: text("bank_name").notNull(),
    bankKana: text("bank_kana").notNull(),
    branchCode: text("branch_code").notNull(),
    branchName: text("branch_name").notNull(),
    branchKana: text("branch_kana").notNull(),
    accountType: text("account_type", { enum: ["ordinary", "current", "savings"] }).notNull(),
    accountNumber: text("account_number").notNull(),
    holderName: text("holder_name").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("bank_accounts_user_unique").on(t.userId),
    check("bank_accounts_codes", sql`length(${t.bankCode}) = 4 AND length(${t.branchCode}) = 3 AND length(${t.accountNumber}) = 7`),
  ],
);

/**
 * Payout periods the operator has closed: closing moves every requested transfer of the period
 * to in_transfer and fixes the transfer date of the bank file. A period not in this table is open.
 */
export const payoutPeriods = sqliteTable("payout_periods", {
  /** yyyy-mm (JST) */
  period: text("period").primaryKey(),
  /** yyyy-mm-dd: the 振込指定日 written into the transfer file */
  transferDate: text("transfer_date").notNull(),
  closedBy: integer("closed_by")
    .notNull()
    .references(() => users.id),
  closedAt: timestamp("closed_at").notNull(),
});

/**
 * Money the platform sends to a bank account (spec §7 `transfers`): a fan club's payout to its
 * owner or label (`kind` payout), or a refund owed to a fan that cannot go back to a card (`kind`
 * refund). The bank details are copied in when the transfer is requested, so the file pays the
 * account that was shown. `idempotencyKey` is the request's key: a payout is `payout:{fanclub}:{period}`,
 * so one fan club asks once a period however many requests race.
 */
export const transfers = sqliteTable(
  "transfers",
  {
    id: serialId(),
    kind: text("kind", { enum: ["payout", "refund"] }).notNull(),
    /** who receives the money: the owner, the label, or the fan */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** payouts: the fan club whose earnings are paid; refunds: the fan club that owes, if any */
    fanclubId: integer("fanclub_id").references(() => fanclubs.id),
    /** yyyy-mm; null for a refund not requested yet */
    period: text("period"),
    status: text("status", { enum: ["owed", "requested", "in_transfer", "paid", "failed"] }).notNull(),
    /** yen taken from the balance (payouts) or owed (refunds) */
    amount: integer("amount").notNull(),
    /** the bank transfer fee of the request's day (refunds: 0, the platform bears it) */
    fee: integer("fee").notNull().default(0),
    /** refunds: why the money cannot go back to the card */
    reason: text("reason", { enum: ["card_removed", "card_unavailable", "fanclub_closed"] }),
    /** refunds: what the money was for, as the fan will recognise it */
    memo: text("memo"),
    bankCode: text("bank_code"),
    bankKana: text("bank_kana"),
    branchCode: text("branch_code"),
    branchKana: text("branch_kana"),
    accountType: text("account_type", { enum: ["ordinary", "current", "savings"] }),
    accountNumber: text("account_number"),
    holderName: text("holder_name"),
    idempotencyKey: text("idempotency_key").notNull(),
    /**
     * A fresh random token written with every status change; the notices and ledger postings of
     * that change are inserted only while the row still holds it, so a change applied twice (a
     * double click, a retried request in the same millisecond) is told and posted once.
     */
    stateToken: text("state_token").notNull(),
    requestedAt: timestamp("requested_at"),
    inTransferAt: timestamp("in_transfer_at"),
    paidAt: timestamp("paid_at"),
    failedAt: timestamp("failed_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("transfers_key_unique").on(t.idempotencyKey),
    index("transfers_user").on(t.userId, t.id),
    index("transfers_fanclub").on(t.fanclubId, t.id),
    index("transfers_period_status").on(t.period, t.status),
    check("transfers_amounts", sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.amount} > ${t.fee}`),
    check("transfers_payout_fanclub", sql`${t.kind} = 'refund' OR ${t.fanclubId} IS NOT NULL`),
    // a transfer on its way has an account and a period: the request's insert leaves them NULL
    // when the payee has no account or the period was closed meanwhile, and this check then
    // aborts the whole batch (its ledger entry and notices included) instead of half-writing it
    check(
      "transfers_requested_complete",
      sql`${t.status} = 'owed' OR (${t.bankCode} IS NOT NULL AND ${t.accountNumber} IS NOT NULL AND ${t.period} IS NOT NULL)`,
    ),
  ],
);

/**
 * Where a fan club's payouts go: the owner's account (default, no row) or, when the owner says
 * so, the account of a label that manages the fan club.
 */
export const fanclubPayoutSettings = sqliteTable("fanclub_payout_settings", {
  fanclubId: integer("fanclub_id")
    .primaryKey()
    .references(() => fanclubs.id),
  payee: text("payee", { enum: ["owner", "label"] }).notNull(),
  labelUserId: integer("label_user_id").references(() => users.id),
  updatedAt: timestamp("updated_at").notNull(),
});

export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;
