import { and, desc, eq, inArray, isNull, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentCards, paymentProfiles } from "../../db/schema";
import type { Card, ChargeResult, PaymentProvider } from "../integrations/payments";

/**
 * A fan's payment profile and registered cards: the one place purchases, coin charges and
 * renewals read the card to charge, and card registration writes it. Only the provider's ids and
 * what the card list shows are stored (brand, last four digits, expiry); card numbers never are.
 */

export type StoredCard = typeof paymentCards.$inferSelect;

/** The card a payment uses: the default among those not removed. */
export async function defaultCard(db: Db, userId: number): Promise<StoredCard | null> {
  const row = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, userId), isNull(paymentCards.deletedAt)))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.id))
    .limit(1)
    .get();
  return row ?? null;
}

export async function paymentProfile(db: Db, userId: number) {
  return (await db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, userId)).get()) ?? null;
}

/**
 * The fan's customer at the provider, created on first need. Creating it twice (two tabs) is
 * harmless: the provider answers the same customer for the same user, and the row is an upsert.
 */
export async function ensureCustomer(db: Db, provider: PaymentProvider, user: { id: number; email: string }, now: number): Promise<string> {
  const profile = await paymentProfile(db, user.id);
  if (profile?.customerId && profile.provider === provider.kind) return profile.customerId;
  const { customerId } = await provider.createCustomer({ userId: user.id, email: user.email });
  await db
    .insert(paymentProfiles)
    .values({ userId: user.id, provider: provider.kind, customerId, createdAt: new Date(now), updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: paymentProfiles.userId, set: { provider: provider.kind, customerId, updatedAt: new Date(now) } });
  return customerId;
}

/**
 * Stores a card the provider registered and makes it the default; the previous default stays
 * listed but is no longer charged. One batch, so there is never a moment with two defaults.
 */
export async function saveCard(
  db: Db,
  userId: number,
  providerKind: PaymentProvider["kind"],
  card: Card,
  now: number,
): Promise<StoredCard> {
  const [, inserted] = await db.batch([
    db
      .update(paymentCards)
      .set({ isDefault: false })
      .where(and(eq(paymentCards.userId, userId), eq(paymentCards.isDefault, true))),
    db
      .insert(paymentCards)
      .values({
        userId,
        provider: providerKind,
        paymentMethodId: card.paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        isDefault: true,
        createdAt: new Date(now),
      })
      // the same card registered again (a reload after success) becomes the default again
      .onConflictDoUpdate({ target: paymentCards.paymentMethodId, set: { isDefault: true, deletedAt: null } })
      .returning(),
  ]);
  return inserted[0]!;
}

/** Removes a card from the list (the provider forgets it too); no later payment uses it. */
export async function removeCard(db: Db, provider: PaymentProvider, userId: number, cardId: number, now: number): Promise<boolean> {
  const card = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, cardId), eq(paymentCards.userId, userId), isNull(paymentCards.deletedAt)))
    .get();
  if (!card) return false;
  await db
    .update(paymentCards)
    .set({ deletedAt: new Date(now), isDefault: false })
    .where(eq(paymentCards.id, card.id));
  await provider.detachCard(card.paymentMethodId);
  return true;
}

/** spec §4 coin-for-renewal: settle a renewal with coins when the card fails. */
export async function setUseCoinSubscription(db: Db, provider: PaymentProvider, userId: number, on: boolean, now: number): Promise<void> {
  await db
    .insert(paymentProfiles)
    .values({ userId, provider: provider.kind, useCoinSubscription: on, createdAt: new Date(now), updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: paymentProfiles.userId, set: { useCoinSubscription: on, updatedAt: new Date(now) } });
}

export type UsableCard = { card: StoredCard; customerId: string };

/**
 * The card a payment can use, from the fan's payment profile and default card: the card must be
 * this provider's, and the fan must be a customer there. Pure, so a page of renewals can read every
 * fan's profile and card in one query and decide here as a single payment does.
 */
export function usableOf(
  profile: { provider: string | null; customerId: string | null } | null,
  card: StoredCard | null,
  providerKind: PaymentProvider["kind"],
): UsableCard | null {
  if (!card || !profile?.customerId || card.provider !== providerKind || profile.provider !== providerKind) return null;
  return { card, customerId: profile.customerId };
}

/** The card a payment can use now: the default card of this provider, with the fan's customer there. */
export async function usableCard(db: Db, provider: PaymentProvider, userId: number): Promise<UsableCard | null> {
  const [profile, card] = await Promise.all([paymentProfile(db, userId), defaultCard(db, userId)]);
  return usableOf(profile, card, provider.kind);
}

/**
 * The query of every usable-card candidate of the fans that `userIds` selects, in the order of
 * `defaultCard`: the first row of each fan is that fan's default card (`firstCardOfEach`).
 */
export function cardsOfUsersQuery(db: Db, userIds: SQLWrapper | number[]) {
  return db
    .select()
    .from(paymentCards)
    .where(and(inArray(paymentCards.userId, userIds), isNull(paymentCards.deletedAt)))
    .orderBy(paymentCards.userId, desc(paymentCards.isDefault), desc(paymentCards.id));
}

/** Each fan's default card from the rows of `cardsOfUsersQuery`. */
export function firstCardOfEach(rows: readonly StoredCard[]): Map<number, StoredCard> {
  const cards = new Map<number, StoredCard>();
  for (const row of rows) if (!cards.has(row.userId)) cards.set(row.userId, row);
  return cards;
}

/** A card payment: its amount, the money effect's idempotency key, and what the provider records with it. */
type CardChargeInput = {
  amountYen: number;
  idempotencyKey: string;
  offSession: boolean;
  description?: string;
  metadata?: Record<string, string>;
};

export type CardChargeOutcome = (ChargeResult & { cardId: number }) | { status: "no_card" };

/**
 * Charges the fan's default card once per idempotency key (the caller's money-effect key). The
 * caller records the result in its own batch under the same key, so a retry finds either the
 * record or the provider's first answer, never a second charge.
 */
export async function chargeDefaultCard(
  db: Db,
  provider: PaymentProvider,
  input: CardChargeInput & { userId: number },
): Promise<CardChargeOutcome> {
  return chargeCard(provider, await usableCard(db, provider, input.userId), input);
}

/** `chargeDefaultCard` with the card already read (a page of renewals reads every fan's card at once). */
export async function chargeCard(provider: PaymentProvider, usable: UsableCard | null, input: CardChargeInput): Promise<CardChargeOutcome> {
  if (!usable) return { status: "no_card" };
  const result = await provider.charge({
    customerId: usable.customerId,
    paymentMethodId: usable.card.paymentMethodId,
    amountYen: input.amountYen,
    idempotencyKey: input.idempotencyKey,
    offSession: input.offSession,
    description: input.description,
    metadata: input.metadata,
  });
  return { ...result, cardId: usable.card.id };
}
