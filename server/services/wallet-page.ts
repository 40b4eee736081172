import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentProfiles } from "../../db/schema";
import type { PaymentProvider } from "../integrations/payments";
import { registrationStateOf } from "./card-registration";
import { balanceOfLots, coinHistoryQuery, historyPage, openLotsQuery } from "./coins";
import { cardsOfUsersQuery, firstCardOfEach, usableOf } from "./payment-cards";

/**
 * What the coin page (/me/coins) shows, in one D1 round trip: the balance by lot, a page of the
 * history, the card a charge would use and the coin-for-renewal setting. Each part is read by the
 * statement and rule its own service uses alone (`coinBalance`, `coinHistory`,
 * `cardRegistrationState`, `paymentProfile`), batched here.
 */
export async function coinsPageData(db: Db, provider: PaymentProvider, userId: number, cursor: number | null, now: number) {
  const [lots, history, profiles, cards] = await db.batch([
    openLotsQuery(db, userId),
    coinHistoryQuery(db, userId, { cursor }),
    db.select().from(paymentProfiles).where(eq(paymentProfiles.userId, userId)),
    cardsOfUsersQuery(db, [userId]),
  ]);
  const profile = profiles[0] ?? null;
  return {
    balance: balanceOfLots(lots, now),
    history: historyPage(history),
    cardState: registrationStateOf(usableOf(profile, firstCardOfEach(cards).get(userId) ?? null, provider.kind), now),
    profile,
  };
}
