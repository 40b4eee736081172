import type { CardBrand, CardProblemCode, SandboxCardInput } from "./types";

/**
 * What a Stripe test card does (https://docs.stripe.com/testing). The sandbox honours these so every
 * path of the payment flows can be walked offline with the numbers a developer already knows.
 * - succeed: registers and every charge succeeds;
 * - decline_charges (…0341): registers, every charge is declined (card_declined);
 * - insufficient_funds (…9995): registers, every charge is declined for insufficient funds;
 * - authenticate (…3184): registers, every charge wants 3-D Secure;
 * - decline_registration (…0002): Stripe declines it already when the card is set up.
 */
type TestCardBehaviour = "succeed" | "decline_charges" | "insufficient_funds" | "authenticate" | "decline_registration";

export interface TestCard {
  number: string;
  brand: CardBrand;
  behaviour: TestCardBehaviour;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", behaviour: "succeed" },
  { number: "5555555555554444", brand: "mastercard", behaviour: "succeed" },
  { number: "3566002020360505", brand: "jcb", behaviour: "succeed" },
  { number: "378282246310005", brand: "amex", behaviour: "succeed" },
  { number: "4000000000000341", brand: "visa", behaviour: "decline_charges" },
  { number: "4000000000009995", brand: "visa", behaviour: "insufficient_funds" },
  { number: "4000002760003184", brand: "visa", behaviour: "authenticate" },
  { number: "4000000000000002", brand: "visa", behaviour: "decline_registration" },
];

/** brand + last four digits name one test card: that is all a sandbox payment method id needs to carry. */
export function testCardBy(brand: string, last4: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.brand === brand && card.number.endsWith(last4));
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand a card form shows for the first digits (enough for the test numbers and the common brands in Japan). */
function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return "jcb";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^3(0[0-5]|[689])/.test(digits)) return "diners";
  if (/^6(011|5)/.test(digits)) return "discover";
  if (/^62/.test(digits)) return "unionpay";
  return "unknown";
}

/** A card is usable through the last day of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

export type CheckedCard =
  | { ok: true; digits: string; card: TestCard | undefined; brand: CardBrand; expMonth: number; expYear: number }
  | { ok: false; code: CardProblemCode; field: "number" | "expiry" | "cvc" };

/**
 * The checks a card form makes before anything is sent: number (length and Luhn), expiry (a real
 * month, not past, not absurdly far) and CVC (4 digits for American Express, 3 otherwise).
 */
export function checkCardInput(input: SandboxCardInput, now: Date): CheckedCard {
  const digits = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, code: "incorrect_number", field: "number" };

  const monthText = String(input.expMonth).trim();
  const expMonth = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(expMonth >= 1 && expMonth <= 12)) return { ok: false, code: "invalid_expiry_month", field: "expiry" };

  const yearText = String(input.expYear).trim();
  const currentYear = now.getUTCFullYear();
  let expYear = NaN;
  if (/^\d{2}$/.test(yearText)) expYear = Math.floor(currentYear / 100) * 100 + Number(yearText);
  else if (/^\d{4}$/.test(yearText)) expYear = Number(yearText);
  // Stripe Elements refuses expiries more than 50 years ahead as well.
  if (!(expYear >= 2000 && expYear <= currentYear + 50)) return { ok: false, code: "invalid_expiry_year", field: "expiry" };
  if (cardExpired(expMonth, expYear, now)) return { ok: false, code: "expired_card", field: "expiry" };

  const brand = brandOf(digits);
  const cvcLength = brand === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim())) return { ok: false, code: "invalid_cvc", field: "cvc" };

  return { ok: true, digits, card: TEST_CARDS.find((c) => c.number === digits), brand, expMonth, expYear };
}
