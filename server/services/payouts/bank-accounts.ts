import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { bankAccounts, transfers, type BankAccountRow } from "../../../db/schema";
import { maskAccountNumber, type BankAccountInput } from "../../domain/bank-account";
import { IN_PROGRESS } from "../../domain/payouts";
import { lookupBankBranch } from "./bank-codes";

/**
 * A person's bank account (/me/settings/bank, /api/v1/bank_accounts). One per person. While a
 * transfer to them is on its way (requested or in transfer) the account is locked: the transfer
 * already carries these details, and a change would leave the person unsure where the money goes.
 * The lock is part of the write itself (… WHERE NOT EXISTS an in-progress transfer), so a payout
 * requested a moment earlier cannot slip between a check and the update.
 */

export function getBankAccount(db: Db, userId: number): Promise<BankAccountRow | undefined> {
  return db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).get();
}

/** What other people (and lists) see: the number masked. */
export function maskedBankAccount(row: BankAccountRow) {
  return {
    bankCode: row.bankCode,
    bankName: row.bankName,
    branchCode: row.branchCode,
    branchName: row.branchName,
    accountType: row.accountType,
    accountNumber: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
  };
}

/** Whether money is on its way to the person (their account is locked meanwhile). */
export async function hasTransferInProgress(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: transfers.id })
    .from(transfers)
    .where(and(eq(transfers.userId, userId), inArray(transfers.status, [...IN_PROGRESS])))
    .limit(1)
    .get();
  return Boolean(row);
}

const noTransferInProgress = (userId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM ${transfers} WHERE ${transfers.userId} = ${userId} AND ${transfers.status} IN ('requested', 'in_transfer'))`;

export type SaveBankAccountResult =
  { ok: true; account: BankAccountRow } | { ok: false; reason: "unknownBank" | "unknownBranch" | "locked" };

/** Adds or replaces the person's account after checking the codes against the official lists. */
export async function saveBankAccount(db: Db, userId: number, input: BankAccountInput, now: number): Promise<SaveBankAccountResult> {
  const found = await lookupBankBranch(input.bankCode, input.branchCode);
  if (!found.ok) return found;
  const values = {
    bankCode: found.bank.code,
    bankName: found.bank.name,
    bankKana: found.bank.kana,
    branchCode: found.branch.code,
    branchName: found.branch.name,
    branchKana: found.branch.kana,
    accountType: input.accountType,
    accountNumber: input.accountNumber,
    holderName: input.holderName,
    updatedAt: new Date(now),
  };
  const written = await db.all<{ id: number }>(sql`
    INSERT INTO ${bankAccounts} (user_id, bank_code, bank_name, bank_kana, branch_code, branch_name, branch_kana, account_type, account_number, holder_name, created_at, updated_at)
    SELECT ${userId}, ${values.bankCode}, ${values.bankName}, ${values.bankKana}, ${values.branchCode}, ${values.branchName}, ${values.branchKana},
      ${values.accountType}, ${values.accountNumber}, ${values.holderName}, ${now}, ${now}
    WHERE ${noTransferInProgress(userId)}
    ON CONFLICT (user_id) DO UPDATE SET bank_code = excluded.bank_code, bank_name = excluded.bank_name, bank_kana = excluded.bank_kana,
      branch_code = excluded.branch_code, branch_name = excluded.branch_name, branch_kana = excluded.branch_kana,
      account_type = excluded.account_type, account_number = excluded.account_number, holder_name = excluded.holder_name,
      updated_at = excluded.updated_at
    RETURNING id`);
  if (!written[0]) return { ok: false, reason: "locked" };
  const account = await getBankAccount(db, userId);
  return account ? { ok: true, account } : { ok: false, reason: "locked" };
}

export type DeleteBankAccountResult = { ok: true } | { ok: false; reason: "notFound" | "locked" };

export async function deleteBankAccount(db: Db, userId: number): Promise<DeleteBankAccountResult> {
  const deleted = await db.all<{ id: number }>(
    sql`DELETE FROM ${bankAccounts} WHERE ${bankAccounts.userId} = ${userId} AND ${noTransferInProgress(userId)} RETURNING id`,
  );
  if (deleted[0]) return { ok: true };
  return (await getBankAccount(db, userId)) ? { ok: false, reason: "locked" } : { ok: false, reason: "notFound" };
}
