import { z } from "zod";
import type { TFunction } from "../i18n/setup";

/**
 * Delivery address rules in the Japanese postal format: the 47 prefectures, 7-digit postal codes,
 * domestic phone numbers. Pure: what people type is normalised here, so the services and the
 * database only ever see the canonical form (postal code and phone as bare digits).
 */

/** The 47 prefectures in JIS X 0401 order (北海道 = 01 … 沖縄県 = 47), the order of every Japanese form. */
export const PREFECTURES = [
  "北海道",
  "青森県",
  "岩手県",
  "宮城県",
  "秋田県",
  "山形県",
  "福島県",
  "茨城県",
  "栃木県",
  "群馬県",
  "埼玉県",
  "千葉県",
  "東京都",
  "神奈川県",
  "新潟県",
  "富山県",
  "石川県",
  "福井県",
  "山梨県",
  "長野県",
  "岐阜県",
  "静岡県",
  "愛知県",
  "三重県",
  "滋賀県",
  "京都府",
  "大阪府",
  "兵庫県",
  "奈良県",
  "和歌山県",
  "鳥取県",
  "島根県",
  "岡山県",
  "広島県",
  "山口県",
  "徳島県",
  "香川県",
  "愛媛県",
  "高知県",
  "福岡県",
  "佐賀県",
  "長崎県",
  "熊本県",
  "大分県",
  "宮崎県",
  "鹿児島県",
  "沖縄県",
] as const;

export type Prefecture = (typeof PREFECTURES)[number];

const isPrefecture = (value: string): value is Prefecture => (PREFECTURES as readonly string[]).includes(value);

export const ADDRESS_LIMITS = {
  nameMax: 20,
  cityMax: 50,
  streetMax: 100,
  buildingMax: 100,
  /** addresses one person may keep; the 11th is refused */
  perUser: 10,
} as const;

/** ０-９ → 0-9. Japanese IMEs type full-width digits by default, so both must be accepted. */
function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

/**
 * Everything people (and IMEs) type between digit groups: ASCII hyphen, Unicode hyphens and dashes,
 * the minus sign, the full-width hyphen, and the katakana prolonged sound marks (ー, ｰ), which a
 * Japanese IME often produces when the hyphen key is pressed in kana mode.
 */
const HYPHENS = /[-\u2010-\u2015\u2212\uFE63\uFF0D\u30FC\uFF70]/g;
/** half-width and ideographic spaces, tabs */
const SPACES = /[\s\u3000]/g;

/**
 * A postal code as 7 bare digits, or null when the input is not one. Accepts "123-4567",
 * "1234567", "〒123-4567", "１２３－４５６７"; a hyphen, when present, must sit after the 3rd digit.
 */
export function normalizePostalCode(input: string): string | null {
  const cleaned = toHalfWidthDigits(input)
    .replace(/^\s*〒/, "")
    .replace(SPACES, "")
    .replace(HYPHENS, "-");
  const match = /^(\d{3})-?(\d{4})$/.exec(cleaned);
  return match ? `${match[1]}${match[2]}` : null;
}

/** "1234567" → "123-4567", the way a postal code is printed; anything else is returned as it is. */
export function formatPostalCode(digits: string): string {
  return /^\d{7}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/**
 * A domestic phone number as bare digits, or null. Full-width digits, hyphens, spaces and the
 * brackets of "03(1234)5678" are dropped; what remains must be 10 digits (landline) or 11
 * (mobile, 050, 0120…), starting with 0.
 */
export function normalizePhone(input: string): string | null {
  const digits = toHalfWidthDigits(input)
    .replace(SPACES, "")
    .replace(HYPHENS, "")
    .replace(/[()（）]/g, "");
  return /^0\d{9,10}$/.test(digits) ? digits : null;
}

/**
 * "09012345678" → "090-1234-5678" for 11-digit numbers, which always split 3-4-4. A 10-digit
 * landline splits by the length of its area code (03-…, 045-…, 0466-…), which needs the national
 * numbering table, so it is shown as stored.
 */
export function formatPhone(digits: string): string {
  return /^0\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}` : digits;
}

/** Length in characters as people count them: a surrogate pair (𠮷) is one character, not two. */
const charCount = (value: string) => [...value].length;

const requiredText = (t: TFunction, fieldKey: string, max: number) =>
  z
    .string({ required_error: t("validation.required", { field: t(fieldKey) }) })
    .trim()
    .min(1, t("validation.required", { field: t(fieldKey) }))
    .refine((v) => charCount(v) <= max, t("validation.maxLength", { max }));

/**
 * The address form. Messages come from `common` `validation.*` and `address` `errors.*`, so the
 * same schema speaks the visitor's language on the server and in the browser. Output is canonical:
 * postal code and phone as bare digits, an empty building as null, the checkbox as a boolean.
 */
export const addressSchema = (t: TFunction) =>
  z.object({
    lastName: requiredText(t, "address:fields.lastName", ADDRESS_LIMITS.nameMax),
    firstName: requiredText(t, "address:fields.firstName", ADDRESS_LIMITS.nameMax),
    postalCode: z
      .string({ required_error: t("validation.required", { field: t("address:fields.postalCode") }) })
      .trim()
      .min(1, t("validation.required", { field: t("address:fields.postalCode") }))
      .transform((value, ctx) => {
        const normalized = normalizePostalCode(value);
        if (normalized === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("address:errors.postalCode") });
          return z.NEVER;
        }
        return normalized;
      }),
    prefecture: z
      .string({ required_error: t("validation.required", { field: t("address:fields.prefecture") }) })
      // the type guard narrows the output to Prefecture
      .refine(isPrefecture, t("validation.choice")),
    city: requiredText(t, "address:fields.city", ADDRESS_LIMITS.cityMax),
    street: requiredText(t, "address:fields.street", ADDRESS_LIMITS.streetMax),
    building: z
      .string()
      .trim()
      .refine((v) => charCount(v) <= ADDRESS_LIMITS.buildingMax, t("validation.maxLength", { max: ADDRESS_LIMITS.buildingMax }))
      .optional()
      // conform sends an empty field as undefined; a direct caller may send "": both mean "none"
      .transform((v) => (v ? v : null)),
    phone: z
      .string({ required_error: t("validation.required", { field: t("address:fields.phone") }) })
      .trim()
      .min(1, t("validation.required", { field: t("address:fields.phone") }))
      .transform((value, ctx) => {
        const normalized = normalizePhone(value);
        if (normalized === null) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("address:errors.phone") });
          return z.NEVER;
        }
        return normalized;
      }),
    // an unchecked checkbox is not sent at all; a checked one sends "on"
    isDefault: z
      .literal("on", { errorMap: () => ({ message: t("validation.choice") }) })
      .optional()
      .transform((v) => v === "on"),
  });

export type AddressInput = z.output<ReturnType<typeof addressSchema>>;
