import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinEntries } from "../../db/schema";
import { coinChargeKey } from "../domain/wallet";
import type { ChargeFailureCode, ChargeResult, PaymentProvider } from "../integrations/payments";
import { chargeDefaultCard } from "./payment-cards";
import { creditCoins, type CoinEntry } from "./coins";

/**
 * Buying coins with the default card (/me/coins, POST /api/v1/me/coins/charge). One key names the
 * attempt (`coinChargeKey`): the card is charged under it first, then the coins are credited under
 * it in the ledger's batch. A double click, a retry after a timeout or a crash between the two
 * steps finds either the ledger entry (nothing more happens) or the provider's first answer to the
 * same key (the same payment, never a second one), and then credits once.
 */

export type CoinChargeOutcome =
  | { status: "credited"; entry: CoinEntry; replayed: boolean }
  /** On-session 3-D Secure: the fan authenticates, then `confirmCoinCharge` finishes the same attempt. */
  | { status: "requires_action"; provider: PaymentProvider["kind"]; chargeId: string; clientSecret: string }
  | { status: "failed"; code: ChargeFailureCode }
  /** Stripe accepted the payment but has not settled it; asking again later with the same key finishes it. */
  | { status: "processing" }
  | { status: "no_card" };

export interface CoinChargeInput {
  userId: number;
  /** yen charged = coins credited (1 coin = 1 yen) */
  amount: number;
  nonce: string;
  now: number;
}

async function entryFor(db: Db, key: string): Promise<CoinEntry | undefined> {
  return db.select().from(coinEntries).where(eq(coinEntries.idempotencyKey, key)).get();
}

async function settle(
  db: Db,
  input: CoinChargeInput,
  key: string,
  result: ChargeResult,
  provider: PaymentProvider,
): Promise<CoinChargeOutcome> {
  switch (result.status) {
    case "succeeded": {
      const { entry, replayed } = await creditCoins(db, {
        userId: input.userId,
        amount: input.amount,
        kind: "charge",
        idempotencyKey: key,
        now: input.now,
        ref: { type: "card_charge", id: result.chargeId },
      });
      return { status: "credited", entry, replayed };
    }
    case "failed":
      return { status: "failed", code: result.code };
    case "requires_action":
      return { status: "requires_action", provider: provider.kind, chargeId: result.chargeId, clientSecret: result.clientSecret };
    case "processing":
      return { status: "processing" };
  }
}

function chargeCard(db: Db, provider: PaymentProvider, input: CoinChargeInput, key: string) {
  return chargeDefaultCard(db, provider, {
    userId: input.userId,
    amountYen: input.amount,
    idempotencyKey: key,
    offSession: false,
    description: `Coins ${input.amount}`,
    // lets a webhook or an operator lead a payment back to the coins it bought
    metadata: { kind: "coin_charge", idempotencyKey: key, userId: String(input.userId), coins: String(input.amount) },
  });
}

/** The confirm step's 'charge' button. */
export async function chargeCoins(db: Db, provider: PaymentProvider, input: CoinChargeInput): Promise<CoinChargeOutcome> {
  const key = coinChargeKey(input.userId, input.nonce, input.amount);
  // already credited: answer without asking the provider again
  const existing = await entryFor(db, key);
  if (existing) return { status: "credited", entry: existing, replayed: true };
  const charge = await chargeCard(db, provider, input, key);
  if (charge.status === "no_card") return { status: "no_card" };
  return settle(db, input, key, charge, provider);
}

/**
 * After 3-D Secure (or to look again at a payment that was processing): the same attempt, found
 * again under its key. The provider is asked for that key's payment, so a fan can only ever
 * finish a payment of their own card for this very amount; the sandbox's stand-in for
 * authentication then passes (`approve`) or fails, Stripe reports what the bank decided.
 */
export async function confirmCoinCharge(
  db: Db,
  provider: PaymentProvider,
  input: CoinChargeInput & { approve: boolean },
): Promise<CoinChargeOutcome> {
  const key = coinChargeKey(input.userId, input.nonce, input.amount);
  const existing = await entryFor(db, key);
  if (existing) return { status: "credited", entry: existing, replayed: true };
  const charge = await chargeCard(db, provider, input, key);
  if (charge.status === "no_card") return { status: "no_card" };
  let result: ChargeResult = charge;
  if (provider.kind === "sandbox") {
    if (charge.status === "requires_action")
      result = await provider.confirmSandboxAuthentication({ chargeId: charge.chargeId, approve: input.approve });
  } else if (charge.status === "requires_action" || charge.status === "processing") {
    // Stripe answers a repeated key with its first response; the payment's state now is asked separately
    result = await provider.retrieveCharge(charge.chargeId);
  }
  return settle(db, input, key, result, provider);
}
