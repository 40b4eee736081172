import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import walletStyles from "~/styles/wallet.css?url";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { vestingCampaigns } from "../../../server/services/coin-campaigns";
import { coinBalance } from "../../../server/services/coins";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { formatCoins } from "../../../server/domain/number-display";

export const handle = {
  i18n: ["common", "wallet"],
  breadcrumb: () => [{ label: "wallet:coins.title", to: "/me/coins" }, { label: "wallet:campaigns.title" }],
};
export const clientLoader = withNamespaces(["wallet"]);
export const links = () => [{ rel: "stylesheet", href: walletStyles }];

/**
 * /me/coin_vesting_campaign (user domain): the bonus coin campaigns running now and those the fan
 * was granted, and the fan's bonus coins by expiry (spent first, lost when they expire).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const now = Date.now();
  const [campaigns, balance] = await Promise.all([vestingCampaigns(app.db, user.id, now), coinBalance(app.db, user.id, now)]);
  return {
    title: translatorFor(app.locale, "wallet")("campaigns.title"),
    now,
    bonus: balance.bonus.map((b) => ({ amount: b.amount, expiresAt: b.expiresAt.getTime() })),
    campaigns: campaigns.map(({ campaign, grant }) => ({
      id: campaign.id,
      name: campaign.name,
      description: campaign.description,
      bonusAmount: campaign.bonusAmount,
      vestOn: campaign.vestOn,
      startsAt: campaign.startsAt.getTime(),
      endsAt: campaign.endsAt?.getTime() ?? null,
      expiresAfterDays: campaign.expiresAfterDays,
      running: campaign.startsAt.getTime() <= now && (campaign.endsAt === null || campaign.endsAt.getTime() > now),
      grant: grant
        ? { amount: grant.amount, remaining: grant.remaining, expiresAt: grant.expiresAt.getTime(), grantedAt: grant.grantedAt.getTime() }
        : null,
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const VEST_KEYS: Record<string, string> = { plan_join: "campaigns.vestOn.plan_join", charge: "campaigns.vestOn.charge" };

export default function CoinVestingCampaigns() {
  const { t, locale } = useTranslation("wallet");
  const { campaigns, bonus, now } = useLoaderData<typeof loader>();
  const date = (ms: number) => formatLocalDate(locale, ms);
  return (
    <div className="page wallet-page campaigns-page">
      <h1>{t("campaigns.title")}</h1>
      <p className="muted">{t("campaigns.lead")}</p>

      <section className="card" aria-labelledby="bonus-title">
        <h2 id="bonus-title">{t("campaigns.yourBonus")}</h2>
        {bonus.length === 0 ? (
          <p className="empty-state">{t("balance.noBonus")}</p>
        ) : (
          <ul className="bonus-lots" data-testid="bonus-lots">
            {bonus.map((b) => (
              <li key={b.expiresAt}>{t("balance.bonusLot", { coins: formatCoins(b.amount), date: date(b.expiresAt) })}</li>
            ))}
          </ul>
        )}
        <p className="muted small">{t("balance.bonusNote")}</p>
      </section>

      <section aria-labelledby="campaign-list-title">
        <h2 id="campaign-list-title">{t("campaigns.list")}</h2>
        {campaigns.length === 0 ? (
          <p className="empty-state">{t("campaigns.empty")}</p>
        ) : (
          <ul className="campaign-list">
            {campaigns.map((c) => (
              <li key={c.id} className="card campaign-card">
                <h3>{c.name}</h3>
                <p className="campaign-badges">
                  <span className="badge">{c.running ? t("campaigns.running") : t("campaigns.ended")}</span>{" "}
                  <strong>{t("campaigns.bonus", { coins: formatCoins(c.bonusAmount) })}</strong>
                </p>
                {c.description ? <p>{c.description}</p> : null}
                <dl className="confirm-table">
                  <div>
                    <dt>{t("campaigns.how")}</dt>
                    <dd>{t(VEST_KEYS[c.vestOn] ?? "campaigns.vestOn.plan_join", { coins: formatCoins(c.bonusAmount) })}</dd>
                  </div>
                  <div>
                    <dt>{t("campaigns.period")}</dt>
                    <dd>
                      {c.endsAt === null
                        ? t("campaigns.from", { start: date(c.startsAt) })
                        : t("campaigns.between", { start: date(c.startsAt), end: date(c.endsAt) })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t("campaigns.validity")}</dt>
                    <dd>{t("campaigns.validFor", { count: c.expiresAfterDays })}</dd>
                  </div>
                  <div>
                    <dt>{t("campaigns.yours")}</dt>
                    <dd>
                      {c.grant
                        ? c.grant.expiresAt > now
                          ? t("campaigns.granted", {
                              coins: formatCoins(c.grant.amount),
                              remaining: formatCoins(c.grant.remaining),
                              date: date(c.grant.expiresAt),
                            })
                          : t("campaigns.grantExpired", { coins: formatCoins(c.grant.amount), date: date(c.grant.expiresAt) })
                        : t("campaigns.notGranted")}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to="/me/coins">{t("campaigns.back")}</Link>
      </p>
    </div>
  );
}
