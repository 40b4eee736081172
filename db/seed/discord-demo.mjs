// Demo Discord (docs/decisions/040): 星野あかり's fan club (101) is linked to the offline fake's
// server 「星空ラウンジ Discord」 with a role for each paid plan, and fan01 has linked a Discord
// account and joined it with the role of her plan (創刊メンバー → シルバー会員). The fake's own
// record of who is in the server lives in the bucket, not in D1: pressing 「ロールを更新」 on
// /me/discord adds her there with the role. Ids are in the reserved range 760000–769999; a second
// seed inserts nothing and changes nothing.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;

const FANCLUB_ID = 101;
const GUILD = { id: "760000000000000001", name: "星空ラウンジ Discord" };
/** plan id → fake role (server/integrations/discord/fake.ts) */
const PLAN_ROLES = [
  { id: 760011, planId: 1012, roleId: "760000000000000013", roleName: "ブロンズ会員" },
  { id: 760012, planId: 1014, roleId: "760000000000000012", roleName: "シルバー会員" },
  { id: 760013, planId: 1013, roleId: "760000000000000011", roleName: "ゴールド会員" },
];
const FAN_DISCORD = { id: "760000000000000101", username: "fan01_hoshizora" };

/**
 * @param {{ now: number; creatorId: number; fanId: number }} input
 * @returns {string[]}
 */
export function discordDemoStatements({ now, creatorId, fanId }) {
  const yearLater = now + 365 * 86_400_000;
  return [
    `INSERT INTO discord_servers (id, fanclub_id, guild_id, guild_name, linked_by, created_at, updated_at) VALUES (760001, ${FANCLUB_ID}, ${q(GUILD.id)}, ${q(GUILD.name)}, ${creatorId}, ${now}, ${now}) ON CONFLICT DO NOTHING;`,
    ...PLAN_ROLES.map(
      (r) =>
        `INSERT INTO discord_plan_roles (id, fanclub_id, plan_id, role_id, role_name, created_at, updated_at) VALUES (${r.id}, ${FANCLUB_ID}, ${r.planId}, ${q(r.roleId)}, ${q(r.roleName)}, ${now}, ${now}) ON CONFLICT DO NOTHING;`,
    ),
    // the fake accepts exactly this token for this Discord user (what its OAuth would have issued)
    `INSERT INTO discord_accounts (id, user_id, discord_user_id, username, access_token, token_expires_at, created_at, updated_at) VALUES (760101, ${fanId}, ${q(FAN_DISCORD.id)}, ${q(FAN_DISCORD.username)}, ${q(`fake-access-${FAN_DISCORD.id}`)}, ${yearLater}, ${now}, ${now}) ON CONFLICT DO NOTHING;`,
    `INSERT INTO discord_members (id, fanclub_id, user_id, role_id, attempts, synced_at, created_at) VALUES (760201, ${FANCLUB_ID}, ${fanId}, ${q("760000000000000012")}, 0, ${now}, ${now}) ON CONFLICT DO NOTHING;`,
  ];
}
