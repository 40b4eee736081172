// Demo special tickets, share goal and campaign (docs/decisions/037) for 星野あかりの星空ラウンジ
// (fan club 101): campaigns switched on, a running "join and get 100 coins" campaign whose banner
// links to her welcome post and which fan08 already earned (the coins credited as
// grantCampaignBonus credits them), an open supporters goal counted from her real members, and a
// lesson ticket type with one ticket held by fan01. Ids 730000–739999; every statement is keyed
// or upserts, so a second seed changes nothing.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;

const FANCLUB_ID = 101;
const BANNER_POST_ID = 100101;
const DAY = 86_400_000;
const IDS = { ticketType: 730001, ticket: 730001, goal: 730001, coinCampaign: 730001, campaign: 730001 };

/**
 * @param {{
 *   now: number,
 *   fanId: number,
 *   rewardedFanId: number,
 *   credit: (c: { userId: number, key: string, kind: "charge" | "bonus", amount: number, at: number,
 *     expiresAt: number | null, campaignId: number | null, memo: string | null, refType: string, refId: string }) => string[],
 * }} input `credit` writes one coin credit as the wallet does (seed-sql's coinCreditStatements)
 * @returns {string[]}
 */
export function goalsDemoStatements({ now, fanId, rewardedFanId, credit }) {
  const ago = (/** @type {number} */ days) => now - days * DAY;
  const startsAt = ago(3);
  const endsAt = now + 14 * DAY;
  const title = "入会で100コインプレゼント";
  const rewardedAt = ago(1);
  const bonusKey = `campaign:${IDS.coinCampaign}:${rewardedFanId}`;
  return [
    `INSERT INTO fanclub_campaign_settings (fanclub_id, use_campaign, updated_at) VALUES (${FANCLUB_ID}, 1, ${now}) ON CONFLICT(fanclub_id) DO UPDATE SET use_campaign = 1;`,
    // special ticket type and fan01's ticket
    "INSERT INTO special_ticket_types (id, fanclub_id, name, grants, valid_days, price, created_at, updated_at) VALUES (" +
      [
        IDS.ticketType,
        FANCLUB_ID,
        q("個別ボイスレッスン1回券"),
        q("30分のオンライン個別ボイスレッスンを1回受けられます。"),
        90,
        0,
        ago(5),
        ago(5),
      ].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET name = excluded.name, grants = excluded.grants, archived_at = NULL;",
    "INSERT INTO special_tickets (id, type_id, fanclub_id, user_id, source, issue_key, expires_at, created_at) VALUES (" +
      [
        IDS.ticket,
        IDS.ticketType,
        FANCLUB_ID,
        fanId,
        q("issued"),
        q(`ticket:issue:${IDS.ticketType}:${fanId}:demo`),
        now + 85 * DAY,
        ago(5),
      ].join(", ") +
      ") ON CONFLICT DO NOTHING;",
    // an open supporters goal, counted from the fan club's real memberships
    "INSERT INTO share_goals (id, fanclub_id, title, metric, target, starts_at, deadline, reward, created_at, updated_at) VALUES (" +
      [
        IDS.goal,
        FANCLUB_ID,
        q("サポーター30人で記念生配信"),
        q("supporters"),
        30,
        ago(21),
        now + 30 * DAY,
        q("達成したら、支援者みんなで記念の生配信をします！"),
        ago(21),
        ago(21),
      ].join(", ") +
      ") ON CONFLICT(id) DO NOTHING;",
    // the campaign's coins are a vesting coin campaign of its own, as createCampaign makes them
    "INSERT INTO coin_campaigns (id, name, description, bonus_amount, vest_on, starts_at, ends_at, expires_after_days, created_at) VALUES (" +
      [IDS.coinCampaign, q(title), q(""), 100, q("plan_join"), startsAt, endsAt, 180, startsAt].join(", ") +
      ") ON CONFLICT(id) DO NOTHING;",
    "INSERT INTO fan_campaigns (id, fanclub_id, title, description, starts_at, ends_at, condition, reward_kind, coin_campaign_id, banner_post_id, created_at, updated_at) VALUES (" +
      [
        IDS.campaign,
        FANCLUB_ID,
        q(title),
        q("キャンペーン期間中にどのプランでも入会すると、とらコイン100 Cをプレゼント。"),
        startsAt,
        endsAt,
        q("join_plan"),
        q("coins"),
        IDS.coinCampaign,
        BANNER_POST_ID,
        startsAt,
        startsAt,
      ].join(", ") +
      ") ON CONFLICT(id) DO NOTHING;",
    // fan08 took part (fan01 keeps the coin figures the README gives) and was rewarded: the credit under the key grantCampaignBonus uses, its grant and reward rows
    ...credit({
      userId: rewardedFanId,
      key: bonusKey,
      kind: "bonus",
      amount: 100,
      at: rewardedAt,
      expiresAt: rewardedAt + 180 * DAY,
      campaignId: IDS.coinCampaign,
      memo: title,
      refType: "campaign",
      refId: String(IDS.coinCampaign),
    }),
    `INSERT INTO coin_campaign_grants (campaign_id, user_id, entry_id, created_at) SELECT ${IDS.coinCampaign}, ${rewardedFanId}, e.id, ${rewardedAt} FROM coin_entries e WHERE e.idempotency_key = ${q(bonusKey)} ON CONFLICT DO NOTHING;`,
    `INSERT INTO fan_campaign_rewards (campaign_id, user_id, trigger_key, created_at) VALUES (${IDS.campaign}, ${rewardedFanId}, ${q("purchase:demo")}, ${rewardedAt}) ON CONFLICT DO NOTHING;`,
  ];
}
