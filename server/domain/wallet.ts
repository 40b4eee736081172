import { z } from "zod";
import type { TFunction } from "../i18n/setup";

/**
 * The fan's wallet (/me/coins, /me/card_registration): which amounts can be charged, the key that
 * makes one charge happen once, where a fan may be sent back to, and how the card form's expiry
 * is read. Pure rules; the services and pages call them.
 */

/** Amounts the coin charge offers, in yen; 1 coin = 1 yen (spec §9). */
export const COIN_CHARGE_AMOUNTS = [500, 1_000, 3_000, 5_000, 10_000, 30_000] as const;
export type CoinChargeAmount = (typeof COIN_CHARGE_AMOUNTS)[number];

function isCoinChargeAmount(value: number): value is CoinChargeAmount {
  return (COIN_CHARGE_AMOUNTS as readonly number[]).includes(value);
}

/** The amount of a query or form value ("1000"), or null when it is not one of the choices. */
export function parseCoinChargeAmount(raw: string | null | undefined): CoinChargeAmount | null {
  if (!raw || !/^[1-9]\d{0,6}$/.test(raw)) return null;
  const n = Number(raw);
  return isCoinChargeAmount(n) ? n : null;
}

/**
 * A charge attempt's nonce: made once per confirm step (the page renders it into the form), so a
 * double click or a retried request sends the same one. Random, URL-safe, bounded.
 */
const CHARGE_NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export function isChargeNonce(value: unknown): value is string {
  return typeof value === "string" && CHARGE_NONCE.test(value);
}

/**
 * The idempotency key of one coin charge, used for the card payment and for the coin credit alike.
 * The amount is part of it: the key then names exactly one movement, so a nonce sent again with
 * another amount is another charge, never a credit of coins the card was not charged for.
 */
export function coinChargeKey(userId: number, nonce: string, amount: number): string {
  return `coin-charge:${userId}:${nonce}:${amount}`;
}

/**
 * The card form's expiry as typed: "MM/YY" (the way it is printed on the card), also "MM / YY",
 * "MMYY" and "MM/YYYY". Returns the parts for the provider to check (it knows the calendar), or
 * null when the shape is not an expiry at all.
 */
export function parseCardExpiry(raw: string): { month: string; year: string } | null {
  const text = raw.replace(/\s+/g, "");
  const m = /^(\d{1,2})\/?(\d{2}|\d{4})$/.exec(text);
  if (!m) return null;
  // "1225" without a slash: two digits of month, two of year
  if (!text.includes("/") && text.length !== 4) return null;
  return { month: m[1]!, year: m[2]! };
}

/** "•••• 4242": the only part of a card number the fan is ever shown. */
export function maskedCardNumber(last4: string): string {
  return `•••• ${last4}`;
}

/** "12/30": expiry as printed on a card. */
export function cardExpiryLabel(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, "0")}/${String(expYear % 100).padStart(2, "0")}`;
}

/**
 * The sandbox card form (number, expiry "MM/YY", CVC), shared by the page's action, its client
 * validation and POST /api/v1/me/card_registration. It checks only the shape; whether the number
 * is a card, the month a month and the card unexpired is the provider's answer, with Stripe's
 * codes, so both card forms explain problems with the same texts.
 */
export const cardFormSchema = (t: TFunction) =>
  z.object({
    number: z
      .string({ required_error: t("validation.required", { field: t("wallet:card.fields.number") }) })
      .trim()
      .min(1, t("validation.required", { field: t("wallet:card.fields.number") }))
      .max(30, t("wallet:cardErrors.incorrect_number")),
    expiry: z
      .string({ required_error: t("validation.required", { field: t("wallet:card.fields.expiry") }) })
      .trim()
      .min(1, t("validation.required", { field: t("wallet:card.fields.expiry") }))
      .transform((value, ctx) => {
        const parsed = parseCardExpiry(value);
        if (!parsed) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("wallet:cardErrors.expiryFormat") });
          return z.NEVER;
        }
        return parsed;
      }),
    cvc: z
      .string({ required_error: t("validation.required", { field: t("wallet:card.fields.cvc") }) })
      .trim()
      .min(1, t("validation.required", { field: t("wallet:card.fields.cvc") }))
      .max(4, t("wallet:cardErrors.invalid_cvc")),
  });
