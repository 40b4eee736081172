import Encoding from "encoding-japanese";
import { z } from "zod";
import type { TFunction } from "../i18n/setup";

/**
 * Japanese bank account rules for payouts and refunds: the Zengin (全銀) codes, the account
 * types banks know, the 7-digit account number and the holder name as banks match it, in
 * half-width katakana. Pure: what people type is normalised here, so services, the database and
 * the transfer file only ever see the canonical form.
 */

/** Account types with their Zengin code (預金種目): 1 普通, 2 当座, 4 貯蓄. */
export const ACCOUNT_TYPES = { ordinary: "1", current: "2", savings: "4" } as const;
export type AccountType = keyof typeof ACCOUNT_TYPES;
export const ACCOUNT_TYPE_KEYS = Object.keys(ACCOUNT_TYPES) as AccountType[];

/** The Zengin data record holds the holder name in 30 single-byte characters. */
export const HOLDER_NAME_MAX = 30;

/** Full-width digits (０-９): people type them with a Japanese IME on; we say so rather than guess. */
const FULL_WIDTH_DIGITS = /[０-９]/;

/**
 * The characters a Zengin transfer accepts in a name field (JIS X 0201): digits, upper-case
 * letters, half-width katakana ｱ-ﾝ with the voiced marks ﾞﾟ, space and ( ) . - / ,
 * Small kana, ｦ and the long vowel mark are not among them; `toTransferKana` maps them first.
 */
const ZENGIN_NAME = /^[0-9A-Z\uFF71-\uFF9F ().\-/,]+$/;

/** Small kana become their full-size letters, as banks register names (ショウジ → シヨウジ). */
const SMALL_KANA: Record<string, string> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
  // letters outside the Zengin set, read the way banks read them
  ヲ: "オ",
  ヰ: "イ",
  ヱ: "エ",
};

export type TransferKanaResult = { ok: true; value: string } | { ok: false; reason: "empty" | "characters" | "tooLong"; value: string };

/**
 * The holder name as a bank transfer carries it: hiragana and full-width katakana become
 * half-width katakana (ガ → ｶﾞ, two bytes), letters upper-case, small kana full size, the long
 * vowel mark a hyphen, runs of spaces one half-width space. Kanji or other letters cannot be
 * converted (banks match the kana reading) and are refused, as is a result over 30 characters.
 */
export function toTransferKana(input: string): TransferKanaResult {
  // NFKC turns half-width kana into full-width and full-width letters and digits into ASCII,
  // so every spelling of a name reaches one form before it is narrowed again.
  let s = input.normalize("NFKC");
  s = Encoding.toKatakanaCase(s);
  s = [...s].map((ch) => SMALL_KANA[ch] ?? ch).join("");
  s = s.replace(/[ーｰ‐－—―]/g, "-").toUpperCase();
  s = s.replace(/\s+/g, " ").trim();
  s = Encoding.toHankanaCase(s);
  if (s === "") return { ok: false, reason: "empty", value: s };
  if (!ZENGIN_NAME.test(s)) return { ok: false, reason: "characters", value: s };
  if (s.length > HOLDER_NAME_MAX) return { ok: false, reason: "tooLong", value: s };
  return { ok: true, value: s };
}

/**
 * A bank or branch reading from the code lists in the transfer file's characters: the lists
 * write full-width katakana and the odd full-width symbol (三菱ＵＦＪ: ミツビシユ－エフジエイ).
 * Names there are optional, so a character outside the set is dropped rather than refused.
 */
export function codeListKana(kana: string): string {
  return toTransferKana(kana).value.replace(/[^0-9A-Z\uFF71-\uFF9F ().\-/,]/g, "");
}

/**
 * A name or reading folded for search: NFKC (full-width letters and digits to ASCII), hiragana to
 * katakana, small kana full size (the code lists write トウキヨウ, people type とうきょう), lower case.
 */
export function searchFold(text: string): string {
  const s = Encoding.toKatakanaCase(text.normalize("NFKC").trim());
  return [...s]
    .map((ch) => SMALL_KANA[ch] ?? ch)
    .join("")
    .toLowerCase();
}

/** "1234567" → "****567": the last three digits are enough for a person to recognise their account. */
export function maskAccountNumber(number: string): string {
  const visible = number.slice(-3);
  return `${"*".repeat(Math.max(0, number.length - visible.length))}${visible}`;
}

/** A code field: exactly `length` half-width digits; full-width digits get their own message. */
function digits(t: TFunction, length: number, message: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message });
      else if (FULL_WIDTH_DIGITS.test(v)) ctx.addIssue({ code: "custom", message: t("payouts:bank.errors.fullWidthDigits") });
      else if (!/^\d+$/.test(v)) ctx.addIssue({ code: "custom", message: t("payouts:bank.errors.digitsOnly") });
      else if (v.length !== length) ctx.addIssue({ code: "custom", message: t("payouts:bank.errors.digitsLength", { length }) });
    });
}

/**
 * The bank account form (page and `/api/v1/bank_accounts`). Codes are checked for shape here and
 * against the official code lists by the service (the lists are data, not rules).
 */
export const bankAccountSchema = (t: TFunction) =>
  z.object({
    bankCode: digits(t, 4, t("payouts:bank.errors.bankRequired")),
    branchCode: digits(t, 3, t("payouts:bank.errors.branchRequired")),
    accountType: z.enum(ACCOUNT_TYPE_KEYS as [AccountType, ...AccountType[]], {
      errorMap: () => ({ message: t("payouts:bank.errors.accountType") }),
    }),
    accountNumber: digits(t, 7, t("payouts:bank.errors.numberRequired")),
    holderName: z
      .string({ required_error: t("payouts:bank.errors.holderRequired") })
      // a sanity bound before conversion, so a pasted essay is refused without work
      .max(200, t("payouts:bank.errors.holderTooLong", { max: HOLDER_NAME_MAX }))
      .transform((v, ctx) => {
        const kana = toTransferKana(v);
        if (kana.ok) return kana.value;
        const message =
          kana.reason === "empty"
            ? t("payouts:bank.errors.holderRequired")
            : kana.reason === "tooLong"
              ? t("payouts:bank.errors.holderTooLong", { max: HOLDER_NAME_MAX })
              : t("payouts:bank.errors.holderKana");
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }),
  });

export type BankAccountInput = z.infer<ReturnType<typeof bankAccountSchema>>;
