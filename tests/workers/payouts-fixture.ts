import { env } from "cloudflare:test";
import { createManager } from "../factories";
import { confirmedAccount } from "./accounts-fixture";
import { insertFanclub } from "./fanclub-fixture";

/**
 * Money-out rows for tests: earnings in the ledger (a sale of an old, closed month), bank
 * accounts, and the people of the authorization matrix.
 */

let earningSeq = 0;

/**
 * A sale of `net` yen for the fan club, posted in a month long closed (so it is withdrawable),
 * written as the ledger writes a sale: the entry and its postings (fans −, creator +).
 */
export async function insertClosedEarning(fanclubId: number, net: number, month = "2024-01") {
  const key = `test-earning:${fanclubId}:${earningSeq++}:${Math.random().toString(36).slice(2)}`;
  const at = Date.UTC(2024, 0, 15);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO earning_entries (idempotency_key, type, fanclub_id, kind, subject_type, subject_id, payer_user_id, source_key, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, month, occurred_at, created_at)
       VALUES (?, 'sale', ?, 'tip', 'fanclub', ?, NULL, ?, ?, 0, 0, ?, 0, 0, ?, ?, ?)`,
    ).bind(key, fanclubId, fanclubId, key, net, net, month, at, at),
    env.DB.prepare(
      `INSERT INTO earning_postings (entry_id, account, fanclub_id, amount)
       SELECT e.id, v.column1, v.column2, v.column3 FROM earning_entries e, (VALUES ('fans', NULL, ?), ('creator', ?, ?)) v WHERE e.idempotency_key = ?`,
    ).bind(-net, fanclubId, net, key),
  ]);
}

/** A registered account straight in D1 (the form has its own tests). */
export async function insertBankAccount(userId: number, over: Partial<{ accountNumber: string; holderName: string }> = {}) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO bank_accounts (user_id, bank_code, bank_name, bank_kana, branch_code, branch_name, branch_kana, account_type, account_number, holder_name, created_at, updated_at)
     VALUES (?, '0001', 'みずほ', 'ﾐｽﾞﾎ', '001', '東京営業部', 'ﾄｳｷﾖｳ', 'ordinary', ?, ?, ?, ?)`,
  )
    .bind(userId, over.accountNumber ?? "1234567", over.holderName ?? "ﾃｽﾄ ﾀﾛｳ", now, now)
    .run();
}

export async function makeOperator(userId: number) {
  await env.DB.prepare("UPDATE users SET is_operator = 1 WHERE id = ?").bind(userId).run();
}

/** A creator with a fan club on the first brand, `earned` yen withdrawable and (unless told) a bank account. */
export async function payoutCreator(options: { earned?: number; bank?: boolean; prefix?: string } = {}) {
  const owner = await confirmedAccount({ prefix: options.prefix ?? "po" });
  const fanclubId = await insertFanclub(owner.id, { serviceId: 1, name: `振込テスト${owner.id}` });
  if (options.earned) await insertClosedEarning(fanclubId, options.earned);
  if (options.bank !== false) await insertBankAccount(owner.id, { holderName: "ﾎｼﾉ ｱｶﾘ" });
  return { ...owner, fanclubId };
}

export async function labelOf(fanclubId: number) {
  const label = await confirmedAccount({ prefix: "lbl" });
  await createManager(env.DB, { userId: label.id, fanclubId });
  return label;
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}
