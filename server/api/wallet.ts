import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../hono-env";
import type { AppContext } from "../context";
import { cardFormSchema, isChargeNonce, parseCoinChargeAmount } from "../domain/wallet";
import { cardProblemKey, chargeFailureKey } from "../http/wallet-messages";
import { paymentProviderFrom, PaymentProviderError } from "../integrations/payments";
import { cardRegistrationState, registerSandboxCard, removeRegisteredCard, startStripeSetup } from "../services/card-registration";
import { chargeCoins, confirmCoinCharge, type CoinChargeOutcome } from "../services/coin-charges";
import { vestingCampaigns } from "../services/coin-campaigns";
import { coinBalance, coinHistory } from "../services/coins";
import { bodyOf } from "./body";
import { ApiError, ok } from "./envelope";
import { requireApiUser } from "../http/require-user";

/**
 * The fan's wallet (spec §7 user calls): coin balance and its detail, history, charging coins by
 * card, vesting campaigns, and card registration with its check. Mounted at /api/v1/me.
 */
export const walletApi = new Hono<AppEnv>();

type Fan = { app: AppContext; user: NonNullable<AppContext["session"]>["user"] };

function requireFan(c: Context<AppEnv>): Fan {
  const app = c.get("app");
  return { app, user: requireApiUser(app) };
}

/** A refusal with a machine-readable code beside spec §7's message and errors. */
function refuse(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, message: string, target = "base") {
  return c.json({ success: false as const, payload: { code, message, errors: [{ message, target }] } }, status);
}

walletApi.get("/coin_balance", async (c) => {
  const { app, user } = requireFan(c);
  const balance = await coinBalance(app.db, user.id, Date.now());
  return ok(c, { coinBalance: balance.balance });
});

/** The balance split into paid coins and bonus coins by expiry (soonest first). */
walletApi.get("/coin_balance_detail", async (c) => {
  const { app, user } = requireFan(c);
  const balance = await coinBalance(app.db, user.id, Date.now());
  return ok(c, {
    coinBalance: balance.balance,
    paid: balance.paid,
    bonus: balance.bonus.map((b) => ({ amount: b.amount, expiresAt: b.expiresAt.toISOString() })),
  });
});

/** History, newest first; `next` is the cursor of the following page (null at the end). */
walletApi.get("/coins/history", async (c) => {
  const { app, user } = requireFan(c);
  const raw = c.req.query("cursor");
  const cursor = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const page = await coinHistory(app.db, user.id, { cursor });
  return ok(c, {
    items: page.items.map((i) => ({
      id: i.id,
      kind: i.kind,
      amount: i.amount,
      memo: i.memo,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt?.toISOString() ?? null,
    })),
    next: page.next,
  });
});

walletApi.get("/coin_vesting_campaigns", async (c) => {
  const { app, user } = requireFan(c);
  const list = await vestingCampaigns(app.db, user.id, Date.now());
  return ok(c, {
    campaigns: list.map(({ campaign, grant }) => ({
      id: campaign.id,
      name: campaign.name,
      description: campaign.description,
      bonusAmount: campaign.bonusAmount,
      vestOn: campaign.vestOn,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt?.toISOString() ?? null,
      expiresAfterDays: campaign.expiresAfterDays,
      grant: grant
        ? {
            amount: grant.amount,
            remaining: grant.remaining,
            expiresAt: grant.expiresAt.toISOString(),
            grantedAt: grant.grantedAt.toISOString(),
          }
        : null,
    })),
  });
});

/**
 * The answer to a charge or its confirmation. Declines are 400 with the translated reason (spec
 * §7: payment calls read success and payload.message on 400); nothing was charged then.
 */
async function chargeAnswer(c: Context<AppEnv>, fan: Fan, outcome: CoinChargeOutcome, amount: number) {
  const { app, user } = fan;
  switch (outcome.status) {
    case "credited": {
      const balance = await coinBalance(app.db, user.id, Date.now());
      return ok(c, {
        status: "credited" as const,
        coins: amount,
        replayed: outcome.replayed,
        entryId: outcome.entry.id,
        coinBalance: balance.balance,
      });
    }
    case "requires_action":
      return ok(c, {
        status: "requires_action" as const,
        provider: outcome.provider,
        // Stripe.js needs it for handleNextAction; the sandbox asks on our own page
        ...(outcome.provider === "stripe" ? { clientSecret: outcome.clientSecret } : {}),
      });
    case "processing":
      return ok(c, { status: "processing" as const, message: app.t("wallet:charge.processing") }, 202);
    case "failed":
      return refuse(c, 400, outcome.code, app.t(chargeFailureKey(outcome.code)), "card");
    case "no_card":
      return refuse(c, 400, "no_card", app.t("wallet:charge.noCard"), "card");
  }
}

/** The provider could not say whether money moved: the same nonce again is safe and may succeed. */
function providerTrouble(c: Context<AppEnv>, app: AppContext, error: PaymentProviderError) {
  console.error("[wallet] payment provider", error);
  return c.json(
    {
      success: false as const,
      payload: { code: "processing_error", retryable: error.retryable, message: app.t(chargeFailureKey("processing_error")), errors: [] },
    },
    error.retryable ? 503 : 502,
  );
}

async function chargeInput(c: Context<AppEnv>, app: AppContext) {
  const body = await bodyOf(c);
  const amount = parseCoinChargeAmount(String(body.amount ?? ""));
  if (amount === null)
    throw new ApiError(400, app.t("wallet:charge.chooseAmount"), [{ message: app.t("wallet:charge.chooseAmount"), target: "amount" }]);
  if (!isChargeNonce(body.nonce)) throw new ApiError(400, app.t("api.invalid"), [{ message: app.t("api.invalid"), target: "nonce" }]);
  const approve = body.approve === true || body.approve === "1" || body.approve === "true";
  return { amount, nonce: body.nonce, approve };
}

/**
 * POST /me/coins/charge {amount, nonce}: charges the default card and credits the coins, once per
 * (nonce, amount) whatever the number of requests. The page makes one nonce per confirm step.
 */
walletApi.post("/coins/charge", async (c) => {
  const fan = requireFan(c);
  const { app, user } = fan;
  const input = await chargeInput(c, app);
  try {
    const outcome = await chargeCoins(app.db, paymentProviderFrom(app.env), {
      userId: user.id,
      amount: input.amount,
      nonce: input.nonce,
      now: Date.now(),
    });
    return await chargeAnswer(c, fan, outcome, input.amount);
  } catch (error) {
    if (error instanceof PaymentProviderError) return providerTrouble(c, app, error);
    throw error;
  }
});

/** POST /me/coins/charge/confirm {amount, nonce, approve}: after 3-D Secure, the same attempt. */
walletApi.post("/coins/charge/confirm", async (c) => {
  const fan = requireFan(c);
  const { app, user } = fan;
  const input = await chargeInput(c, app);
  try {
    const outcome = await confirmCoinCharge(app.db, paymentProviderFrom(app.env), { userId: user.id, ...input, now: Date.now() });
    return await chargeAnswer(c, fan, outcome, input.amount);
  } catch (error) {
    if (error instanceof PaymentProviderError) return providerTrouble(c, app, error);
    throw error;
  }
});

/** spec §7 'card registration check': whether a card a payment can use is registered. */
walletApi.get("/card_registration", async (c) => {
  const { app, user } = requireFan(c);
  const state = await cardRegistrationState(app.db, paymentProviderFrom(app.env), user.id, Date.now());
  return ok(c, {
    registered: state.registered,
    card: state.card
      ? {
          brand: state.card.brand,
          last4: state.card.last4,
          expMonth: state.card.expMonth,
          expYear: state.card.expYear,
          expired: state.card.expired,
        }
      : null,
  });
});

/**
 * Registers a card. Sandbox: the card fields {number, expiry "MM/YY", cvc}; problems come back as
 * field errors. Stripe: no card data is accepted here; the answer is the SetupIntent's client
 * secret for Stripe Elements, and the card page stores the card when Stripe sends the fan back.
 */
walletApi.post("/card_registration", async (c) => {
  const { app, user } = requireFan(c);
  const provider = paymentProviderFrom(app.env);
  const now = Date.now();
  if (provider.kind === "stripe") {
    const setup = await startStripeSetup(app.db, provider, user, now);
    return ok(c, { provider: "stripe" as const, clientSecret: setup.clientSecret, publishableKey: provider.publishableKey });
  }
  const form = cardFormSchema(app.t).parse(await bodyOf(c));
  const result = await registerSandboxCard(
    app.db,
    provider,
    user,
    { number: form.number, expMonth: form.expiry.month, expYear: form.expiry.year, cvc: form.cvc },
    now,
  );
  if (!result.ok) return refuse(c, 400, result.code, app.t(cardProblemKey(result.code)), result.field);
  const { brand, last4, expMonth, expYear } = result.card;
  return ok(c, { provider: "sandbox" as const, registered: true, card: { brand, last4, expMonth, expYear } });
});

walletApi.delete("/card_registration", async (c) => {
  const { app, user } = requireFan(c);
  const removed = await removeRegisteredCard(app.db, paymentProviderFrom(app.env), user.id, Date.now());
  if (!removed) throw new ApiError(404, app.t("wallet:card.none"));
  return ok(c, { registered: false });
});
