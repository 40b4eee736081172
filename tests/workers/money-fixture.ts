import { env } from "cloudflare:test";
import { createDb } from "../../db/client";
import { paymentProviderFrom, type SandboxProvider } from "../../server/integrations/payments";
import { creditCoins } from "../../server/services/coins";
import { ensureCustomer, saveCard } from "../../server/services/payment-cards";
import { at, type confirmedAccount } from "./accounts-fixture";
import { hosts } from "./helpers";

/** The money tests' shared steps: the API as a signed-in fan calls it, a card, coins, paying the cart. */
type Account = Awaited<ReturnType<typeof confirmedAccount>>;
export type Envelope<T = Record<string, unknown>> = {
  success: boolean;
  payload: T & { message?: string; errors?: Array<{ message: string; target?: string }> };
};

const db = createDb(env.DB);
const provider = paymentProviderFrom(env) as SandboxProvider;
const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

/** A JSON call to `/api/v1{path}` as `who`, the way the pages' scripts make it. */
export async function callApi<T = Record<string, unknown>>(
  who: Account,
  method: string,
  path: string,
  body?: unknown,
  host: string = hosts.www,
): Promise<{ status: number; json: Envelope<T> }> {
  const res = await who.b.request(at(host, `/api/v1${path}`), {
    method,
    headers: { ...xhr, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Envelope<T> };
}

/** Registers one of Stripe's test numbers with the sandbox as `who`'s default card. */
export async function registerSandboxCard(who: Account, number = "4242424242424242") {
  const now = Date.now();
  const customerId = await ensureCustomer(db, provider, { id: who.id, email: who.email }, now);
  const registered = await provider.registerSandboxCard(customerId, {
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: "123",
  });
  if (!registered.ok) throw new Error(`test card ${number} did not register`);
  await saveCard(db, who.id, "sandbox", registered.card, now);
}

let coinSeq = 0;
/** Paid coins charged straight into the ledger. */
export const giveCoins = (who: Account, amount: number) =>
  creditCoins(db, { userId: who.id, amount, kind: "charge", idempotencyKey: `test-coins:${who.id}:${coinSeq++}`, now: Date.now() });

/** What the modal posts on page 3 for the cart it shows: `coins` of the total in coins, the rest by card. */
export async function payCart(fan: Account, coins: number, host: string = hosts.www) {
  const cart = (await callApi<{ total: number; cartVersion: number }>(fan, "GET", "/me/carts", undefined, host)).json.payload;
  const body = {
    payment: coins === cart.total ? "coin" : "card",
    isUsedCoin: coins > 0,
    otherPayment: { toraCoin: coins },
    cartVersion: cart.cartVersion,
  };
  return {
    body,
    result: await callApi<{ purchase?: { id: number; total: number; coinAmount: number; cardAmount: number }; replayed?: boolean }>(
      fan,
      "POST",
      "/me/carts/purchase",
      body,
      host,
    ),
  };
}
