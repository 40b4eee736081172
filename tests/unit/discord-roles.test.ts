import { describe, expect, it } from "vitest";
import { monthStartMs } from "../../server/domain/billing-month";
import { discordRoleChanges, discordRoleFor, isSnowflake } from "../../server/domain/discord-roles";

// Plans of one fan club: 500 yen → bronze, 1,000 → silver, 3,000 → gold; 0 yen (free) has no role.
const BRONZE = { planId: 1, planPrice: 500 };
const SILVER = { planId: 2, planPrice: 1000 };
const GOLD = { planId: 3, planPrice: 3000 };
const FREE = { planId: 4, planPrice: 0 };
const roles = [
  { planId: 1, roleId: "r-bronze" },
  { planId: 2, roleId: "r-silver" },
  { planId: 3, roleId: "r-gold" },
];
// 2026-11-15 12:00 JST
const now = monthStartMs("2026-11") + 14 * 86_400_000 + 12 * 3_600_000;
const DECEMBER = monthStartMs("2026-12");

describe("discordRoleFor", () => {
  it("gives an active member their plan's role, with no end", () => {
    const d = discordRoleFor({ now, memberships: [{ ...SILVER, status: "active", paidThroughMonth: "2026-11" }], paidMonths: [], roles });
    expect(d).toEqual({ roleId: "r-silver", planId: 2, recheckAt: null });
  });

  it("gives nobody a role without a membership or a paid month", () => {
    expect(discordRoleFor({ now, memberships: [], paidMonths: [], roles }).roleId).toBeNull();
  });

  it("follows an upgrade at once", () => {
    const d = discordRoleFor({
      now,
      memberships: [{ ...GOLD, status: "active", paidThroughMonth: "2026-11" }],
      paidMonths: [
        { month: "2026-11", ...SILVER },
        { month: "2026-11", ...GOLD },
      ],
      roles,
    });
    expect(d.roleId).toBe("r-gold");
  });

  it("keeps the dearer role paid for this month after a downgrade, until the month ends (JST)", () => {
    const input = {
      memberships: [{ ...BRONZE, status: "active" as const, paidThroughMonth: "2026-11" }],
      paidMonths: [{ month: "2026-11", ...GOLD }],
      roles,
    };
    const during = discordRoleFor({ ...input, now });
    expect(during).toEqual({ roleId: "r-gold", planId: 3, recheckAt: DECEMBER });
    // at 00:00 JST on the 1st the paid month is over: the lower plan's role
    expect(discordRoleFor({ ...input, now: DECEMBER }).roleId).toBe("r-bronze");
    expect(discordRoleFor({ ...input, now: DECEMBER - 1 }).roleId).toBe("r-gold");
  });

  it("keeps a left member's role to the end of the last paid month, then removes it", () => {
    const input = { memberships: [{ ...SILVER, status: "left" as const, paidThroughMonth: "2026-11" }], paidMonths: [], roles };
    expect(discordRoleFor({ ...input, now })).toEqual({ roleId: "r-silver", planId: 2, recheckAt: DECEMBER });
    expect(discordRoleFor({ ...input, now: DECEMBER }).roleId).toBeNull();
  });

  it("gives an unpaid (expired) membership no role", () => {
    const d = discordRoleFor({
      now,
      memberships: [{ ...GOLD, status: "unpaid", paidThroughMonth: "2026-10" }],
      paidMonths: [{ month: "2026-10", ...GOLD }],
      roles,
    });
    expect(d.roleId).toBeNull();
  });

  it("skips plans without a role and takes the dearest mapped one", () => {
    const d = discordRoleFor({
      now,
      memberships: [{ ...FREE, status: "active", paidThroughMonth: null }],
      paidMonths: [{ month: "2026-11", ...BRONZE }],
      roles,
    });
    expect(d).toEqual({ roleId: "r-bronze", planId: 1, recheckAt: DECEMBER });
    expect(
      discordRoleFor({ now, memberships: [{ ...FREE, status: "active", paidThroughMonth: null }], paidMonths: [], roles }).roleId,
    ).toBeNull();
  });

  it("holds the current plan open-ended when the same plan was also paid this month", () => {
    const d = discordRoleFor({
      now,
      memberships: [{ ...GOLD, status: "active", paidThroughMonth: "2026-11" }],
      paidMonths: [{ month: "2026-11", ...GOLD }],
      roles,
    });
    expect(d.recheckAt).toBeNull();
  });
});

describe("discordRoleChanges", () => {
  const managed = ["r-bronze", "r-silver", "r-gold"];
  it("adds the wanted role and removes other managed ones, never the server's own roles", () => {
    expect(discordRoleChanges({ managed, held: ["r-silver", "moderator"], want: "r-gold" })).toEqual({
      add: ["r-gold"],
      remove: ["r-silver"],
    });
  });
  it("does nothing when the member already matches", () => {
    expect(discordRoleChanges({ managed, held: ["r-gold", "moderator"], want: "r-gold" })).toEqual({ add: [], remove: [] });
  });
  it("removes every managed role when none is wanted", () => {
    expect(discordRoleChanges({ managed, held: ["r-bronze", "r-gold", "moderator"], want: null })).toEqual({
      add: [],
      remove: ["r-bronze", "r-gold"],
    });
  });
});

describe("isSnowflake", () => {
  it("accepts Discord ids and refuses anything else", () => {
    expect(isSnowflake("760000000000000011")).toBe(true);
    expect(isSnowflake("123")).toBe(false);
    expect(isSnowflake("76000000000000001a")).toBe(false);
  });
});
