import Encoding from "encoding-japanese";
import { toTransferKana } from "./bank-account";

/**
 * The Zengin (全銀協制定) 総合振込 transfer file that Japanese banks' business portals import:
 * 120-byte fixed-length records (header 1, one data record 2 per transfer, trailer 8, end 9),
 * Shift_JIS, names in half-width katakana. Numeric fields (N) are right-aligned and padded with
 * "0", character fields (C) left-aligned and padded with spaces. Records end in CRLF, which the
 * portals accept ("改行あり", 122 bytes a line) and which keeps the file readable to a person.
 */

export const RECORD_LENGTH = 120;
const CRLF = "\r\n";

/** The platform's own account, the payer of every transfer (from config). */
export interface ZenginPayer {
  /** 振込依頼人コード: the 10-digit customer code the bank gave the platform */
  requesterCode: string;
  /** 振込依頼人名, half-width katakana */
  requesterName: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  /** 1 普通, 2 当座 */
  accountType: "1" | "2";
  accountNumber: string;
}

export interface ZenginTransfer {
  bankCode: string;
  /** half-width katakana; optional in the format, cut to 15 */
  bankName: string;
  branchCode: string;
  branchName: string;
  /** 1 普通, 2 当座, 4 貯蓄 */
  accountType: "1" | "2" | "4";
  accountNumber: string;
  /** half-width katakana, at most 30 */
  holderName: string;
  /** yen */
  amount: number;
  /** 顧客コード1: the platform's reference of the transfer (payout id), digits */
  reference: string;
}

export class ZenginFieldError extends Error {
  constructor(field: string, value: string) {
    super(`Zengin field ${field} cannot hold ${JSON.stringify(value)}`);
    this.name = "ZenginFieldError";
  }
}

/** N(length): digits, right-aligned, "0"-padded. A longer or non-digit value is a bug upstream. */
function n(field: string, value: string | number, length: number): string {
  const s = String(value);
  if (!/^\d*$/.test(s) || s.length > length) throw new ZenginFieldError(field, s);
  return s.padStart(length, "0");
}

/** C(length): single-byte characters, left-aligned, space-padded; bank and branch names may be cut. */
function c(field: string, value: string, length: number, cut = false): string {
  // half-width katakana are one byte in Shift_JIS; anything wider would shift every later field
  if (!/^[\x20-\x7E\uFF61-\uFF9F]*$/.test(value)) throw new ZenginFieldError(field, value);
  if (value.length > length && !cut) throw new ZenginFieldError(field, value);
  return value.slice(0, length).padEnd(length, " ");
}

/** MMDD of the transfer date (振込指定日), from a yyyy-mm-dd date. */
function mmdd(date: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new ZenginFieldError("transferDate", date);
  return `${m[1]}${m[2]}`;
}

export function headerRecord(payer: ZenginPayer, transferDate: string): string {
  return [
    "1", // データ区分: header
    "21", // 種別コード: 総合振込
    "0", // コード区分: JIS (Shift_JIS on a PC file)
    n("requesterCode", payer.requesterCode, 10),
    c("requesterName", payer.requesterName, 40),
    mmdd(transferDate),
    n("payerBankCode", payer.bankCode, 4),
    c("payerBankName", payer.bankName, 15, true),
    n("payerBranchCode", payer.branchCode, 3),
    c("payerBranchName", payer.branchName, 15, true),
    n("payerAccountType", payer.accountType, 1),
    n("payerAccountNumber", payer.accountNumber, 7),
    " ".repeat(17),
  ].join("");
}

export function dataRecord(t: ZenginTransfer): string {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new ZenginFieldError("amount", String(t.amount));
  return [
    "2", // データ区分: data
    n("bankCode", t.bankCode, 4),
    c("bankName", t.bankName, 15, true),
    n("branchCode", t.branchCode, 3),
    c("branchName", t.branchName, 15, true),
    "0000", // 手形交換所番号: unused, zeros
    n("accountType", t.accountType, 1),
    n("accountNumber", t.accountNumber, 7),
    c("holderName", t.holderName, 30),
    n("amount", t.amount, 10),
    "0", // 新規コード: other
    n("reference", t.reference, 10), // 顧客コード1
    "0".repeat(10), // 顧客コード2
    "7", // 振込指定区分: 電信扱 (telegraphic)
    " ", // 識別表示: customer codes, not EDI
    " ".repeat(7),
  ].join("");
}

export function trailerRecord(count: number, total: number): string {
  return ["8", n("count", count, 6), n("total", total, 12), " ".repeat(101)].join("");
}

export const endRecord = (): string => `9${" ".repeat(119)}`;

/** The whole file as text: header, data records, trailer, end, each followed by CRLF. */
export function zenginText(payer: ZenginPayer, transferDate: string, transfers: readonly ZenginTransfer[]): string {
  const total = transfers.reduce((sum, t) => sum + t.amount, 0);
  const records = [headerRecord(payer, transferDate), ...transfers.map(dataRecord), trailerRecord(transfers.length, total), endRecord()];
  for (const r of records) if (r.length !== RECORD_LENGTH) throw new Error(`Zengin record of ${r.length} characters`);
  return records.map((r) => r + CRLF).join("");
}

/** The file's bytes in Shift_JIS, ready to download. */
export function zenginFile(payer: ZenginPayer, transferDate: string, transfers: readonly ZenginTransfer[]): Uint8Array<ArrayBuffer> {
  const text = zenginText(payer, transferDate, transfers);
  const bytes = Encoding.convert(Encoding.stringToCode(text), { to: "SJIS", from: "UNICODE" });
  return new Uint8Array(bytes);
}

/** The platform's bank details as the deployment's config ([vars]) spells them. */
export interface ZenginPayerConfig {
  PLATFORM_CONSIGNOR_CODE: string;
  PLATFORM_CONSIGNOR_NAME: string;
  PLATFORM_BANK_CODE: string;
  PLATFORM_BANK_NAME: string;
  PLATFORM_BRANCH_CODE: string;
  PLATFORM_BRANCH_NAME: string;
  PLATFORM_ACCOUNT_TYPE: string;
  PLATFORM_ACCOUNT_NUMBER: string;
}

export class ZenginConfigError extends Error {
  constructor(variable: keyof ZenginPayerConfig, why: string) {
    super(`${variable} ${why}`);
    this.name = "ZenginConfigError";
  }
}

/**
 * The payer of the header record from config. Names may be written in full-width katakana (as
 * the bank's letter prints them) and are narrowed to the file's half-width form. A deployment
 * that has not filled in its bank (a REPLACE_ placeholder, a malformed code) fails here, before
 * the operator takes a file to the bank that the portal would refuse or, worse, read wrongly.
 */
export function zenginPayerFrom(config: ZenginPayerConfig): ZenginPayer {
  const digits = (key: keyof ZenginPayerConfig, length: number): string => {
    const value = config[key].normalize("NFKC").trim();
    if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new ZenginConfigError(key, `must be ${length} digits`);
    return value;
  };
  const kana = (key: keyof ZenginPayerConfig, max: number): string => {
    const raw = config[key].trim();
    // the holder-name rule's 30-character cap is not this field's, which checks its own length
    const result = raw.startsWith("REPLACE_") ? null : toTransferKana(raw);
    const value = result && (result.ok || result.reason === "tooLong") ? result.value : null;
    if (value === null) throw new ZenginConfigError(key, "must be the name in katakana");
    if (value.length > max) throw new ZenginConfigError(key, `must fit in ${max} half-width characters`);
    return value;
  };
  const type = config.PLATFORM_ACCOUNT_TYPE.trim();
  // the payer's account in 総合振込 is 普通 or 当座; a savings account cannot send transfers
  const accountType = type === "ordinary" ? "1" : type === "current" ? "2" : null;
  if (!accountType) throw new ZenginConfigError("PLATFORM_ACCOUNT_TYPE", 'must be "ordinary" or "current"');
  return {
    requesterCode: digits("PLATFORM_CONSIGNOR_CODE", 10),
    requesterName: kana("PLATFORM_CONSIGNOR_NAME", 40),
    bankCode: digits("PLATFORM_BANK_CODE", 4),
    bankName: kana("PLATFORM_BANK_NAME", 15),
    branchCode: digits("PLATFORM_BRANCH_CODE", 3),
    branchName: kana("PLATFORM_BRANCH_NAME", 15),
    accountType,
    accountNumber: digits("PLATFORM_ACCOUNT_NUMBER", 7),
  };
}
