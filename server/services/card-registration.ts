import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentCards } from "../../db/schema";
import { cardExpired } from "../integrations/payments/sandbox-cards";
import type { Card, CardProblemCode, PaymentProvider, SandboxCardInput, SandboxProvider, StripeProvider } from "../integrations/payments";
import { ensureCustomer, paymentProfile, removeCard, saveCard, usableCard, type StoredCard, type UsableCard } from "./payment-cards";

/**
 * Card registration (/me/card_registration, /api/v1/me/card_registration): the fan keeps one card.
 * Registering stores the new card as the default and then forgets the ones before it, so removing
 * the card later never brings an older one back as "the registered card".
 */

type RegisteredCard = Pick<StoredCard, "id" | "brand" | "last4" | "expMonth" | "expYear">;

export type CardRegistrationState = {
  /** a card a payment can use now: this provider's, not expired */
  registered: boolean;
  card: (RegisteredCard & { expired: boolean }) | null;
};

/** spec §7 'card registration check', and what the registration page shows. */
export async function cardRegistrationState(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  now: number,
): Promise<CardRegistrationState> {
  return registrationStateOf(await usableCard(db, provider, userId), now);
}

/** The registration state of a card already read: registered while it is this provider's and not expired. */
export function registrationStateOf(usable: UsableCard | null, now: number): CardRegistrationState {
  if (!usable) return { registered: false, card: null };
  const { id, brand, last4, expMonth, expYear } = usable.card;
  const expired = cardExpired(expMonth, expYear, new Date(now));
  return { registered: !expired, card: { id, brand, last4, expMonth, expYear, expired } };
}

/** Stores a card the provider registered, then forgets the fan's earlier cards (here and at the provider). */
async function keepOnly(db: Db, provider: PaymentProvider, userId: number, card: Card, now: number): Promise<StoredCard> {
  const saved = await saveCard(db, userId, provider.kind, card, now);
  const older = await db
    .select({ id: paymentCards.id, provider: paymentCards.provider })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), isNull(paymentCards.deletedAt), ne(paymentCards.id, saved.id)));
  for (const card of older) await forget(db, provider, userId, card, now);
  return saved;
}

/**
 * A card of another provider (registered in the sandbox before a Stripe key was set) is unknown to
 * this one: it is only taken off the list, the provider is not asked to forget it.
 */
async function forget(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  card: { id: number; provider: StoredCard["provider"] },
  now: number,
): Promise<boolean> {
  if (card.provider === provider.kind) return removeCard(db, provider, userId, card.id, now);
  await db
    .update(paymentCards)
    .set({ deletedAt: new Date(now), isDefault: false })
    .where(eq(paymentCards.id, card.id));
  return true;
}

export type SandboxRegistrationOutcome =
  { ok: true; card: StoredCard } | { ok: false; code: CardProblemCode; field: "number" | "expiry" | "cvc" };

/** The sandbox's own card form (no Stripe key configured). */
export async function registerSandboxCard(
  db: Db,
  provider: SandboxProvider,
  user: { id: number; email: string | null },
  input: SandboxCardInput,
  now: number,
): Promise<SandboxRegistrationOutcome> {
  const customerId = await ensureCustomer(db, provider, { id: user.id, email: user.email ?? "" }, now);
  const registered = await provider.registerSandboxCard(customerId, input);
  if (!registered.ok) return { ok: false, code: registered.code, field: registered.field };
  return { ok: true, card: await keepOnly(db, provider, user.id, registered.card, now) };
}

/** Stripe: the SetupIntent the browser confirms with Stripe Elements (the number never reaches us). */
export async function startStripeSetup(db: Db, provider: StripeProvider, user: { id: number; email: string | null }, now: number) {
  const customerId = await ensureCustomer(db, provider, { id: user.id, email: user.email ?? "" }, now);
  return provider.createSetupIntent(customerId);
}

export type StripeSetupOutcome = { ok: true; card: StoredCard } | { ok: false; reason: "notYours" | "pending" | "canceled" };

/**
 * Stripe sent the fan back with `?setup_intent=seti_…`. The SetupIntent is read from Stripe (the
 * query proves nothing) and must belong to this fan's customer before its card is stored. Coming
 * back twice (a reload) stores the same card again, which changes nothing.
 */
export async function finishStripeSetup(
  db: Db,
  provider: StripeProvider,
  userId: number,
  setupIntentId: string,
  now: number,
): Promise<StripeSetupOutcome> {
  const profile = await paymentProfile(db, userId);
  if (!profile?.customerId || profile.provider !== "stripe") return { ok: false, reason: "notYours" };
  const state = await provider.retrieveSetupIntent(setupIntentId);
  if (state.customerId !== profile.customerId) return { ok: false, reason: "notYours" };
  if (state.status === "pending") return { ok: false, reason: "pending" };
  if (state.status === "canceled") return { ok: false, reason: "canceled" };
  return { ok: true, card: await keepOnly(db, provider, userId, state.card, now) };
}

/** Removes the fan's registered card; later payments need a new one. */
export async function removeRegisteredCard(db: Db, provider: PaymentProvider, userId: number, now: number): Promise<boolean> {
  const cards = await db
    .select({ id: paymentCards.id, provider: paymentCards.provider })
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), isNull(paymentCards.deletedAt)));
  let removed = false;
  for (const card of cards) removed = (await forget(db, provider, userId, card, now)) || removed;
  return removed;
}
