import type { ChargeFailureCode, CardProblemCode } from "../integrations/payments";

/**
 * Translation keys of what the wallet tells a fan, shared by the pages and the API so both say
 * the same thing. Providers answer with Stripe-like codes; the fan reads these texts.
 */

const CHARGE_FAILURES: Record<ChargeFailureCode, string> = {
  card_declined: "wallet:chargeErrors.card_declined",
  insufficient_funds: "wallet:chargeErrors.insufficient_funds",
  authentication_required: "wallet:chargeErrors.authentication_required",
  processing_error: "wallet:chargeErrors.processing_error",
};

export const chargeFailureKey = (code: ChargeFailureCode): string => CHARGE_FAILURES[code];

const CARD_PROBLEMS: Record<CardProblemCode, string> = {
  incorrect_number: "wallet:cardErrors.incorrect_number",
  invalid_expiry_month: "wallet:cardErrors.invalid_expiry_month",
  invalid_expiry_year: "wallet:cardErrors.invalid_expiry_year",
  expired_card: "wallet:cardErrors.expired_card",
  invalid_cvc: "wallet:cardErrors.invalid_cvc",
  card_declined: "wallet:cardErrors.card_declined",
};

export const cardProblemKey = (code: CardProblemCode): string => CARD_PROBLEMS[code];
