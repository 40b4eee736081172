import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CREATOR_MENU } from "../../server/domain/creator-menu";
import {
  CREATOR_ACTIONS,
  EDITOR_PERMISSIONS,
  can,
  type CreatorAction,
  type EditorPermission,
  type FanclubRole,
} from "../../server/domain/fanclub-permissions";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { insertEditor, insertFanclub, insertPlan } from "./fanclub-fixture";
import { hosts } from "./helpers";

/*
 * The authorization matrix of the creator pages (spec §6), as one table-driven test: every creator
 * page and mutation × every kind of person → allowed or refused. The expectations below are written
 * from the spec by hand, on purpose NOT read from `can()` or CREATOR_MENU: a test that derived them
 * from the code under test would agree with any mistake in it.
 */

/** What a row needs: only the owner, any editor of the fan club, or an editor with this permission. */
type Rule = "owner" | "anyEditor" | EditorPermission;

/** spec §3 editor permission values, in the spec's order. */
const PERMISSIONS: readonly EditorPermission[] = [
  "commentable",
  "deletable_comments",
  "postable_drafts",
  "postable",
  "can_talk_manage",
  "can_schedule_manage",
  "can_product_manage",
  "can_lesson_manage",
  "can_raffle_manage",
  "can_message_manage",
];

/**
 * spec §6 per creator action: editors always see post management; product, talk, lesson, schedule
 * and raffle management need their permission; post drafts, publishing, commenting and deleting
 * comments need theirs; everything else (profile, invoice number, plans, fans, editors, groups,
 * live events, sales, transfers) is the owner's alone.
 */
const ACTION_RULES: Record<CreatorAction, Rule> = {
  viewManagement: "anyEditor",
  viewPostManagement: "anyEditor",
  createDraft: "postable_drafts",
  publishPost: "postable",
  comment: "commentable",
  deleteComments: "deletable_comments",
  manageTalks: "can_talk_manage",
  manageSchedules: "can_schedule_manage",
  manageProducts: "can_product_manage",
  manageLessons: "can_lesson_manage",
  manageRaffles: "can_raffle_manage",
  manageMessages: "can_message_manage",
  manageLiveEvents: "owner",
  editProfile: "owner",
  managePlans: "owner",
  viewFans: "owner",
  blockFans: "owner",
  manageEditors: "owner",
  manageGroups: "owner",
  viewSales: "owner",
  manageTransfers: "owner",
  // issue 21: special tickets are lesson seats, so lesson managers issue them; goals and campaigns are the owner's
  manageSpecialTickets: "can_lesson_manage",
  manageShareGoals: "owner",
  manageCampaigns: "owner",
  // issue 23: DC3 contents are for the plans, like plans themselves: the owner's alone
  manageDc3Contents: "owner",
};

/** The pages, with `{plan}` standing for a plan of the fan club under test. */
const PAGES: ReadonlyArray<{ path: string; rule: Rule }> = [
  { path: "/me/fanclub", rule: "anyEditor" },
  { path: "/me/fanclub/posts", rule: "anyEditor" },
  { path: "/me/fanclub/edit", rule: "owner" },
  { path: "/me/fanclub/invoice_number", rule: "owner" },
  { path: "/me/fanclub/plans", rule: "owner" },
  { path: "/me/fanclub/plans/new", rule: "owner" },
  { path: "/me/fanclub/plans/{plan}/edit", rule: "owner" },
  { path: "/me/fanclub/plans/{plan}/close", rule: "owner" },
  { path: "/me/fanclub/fans", rule: "owner" },
  { path: "/me/fanclub/editors", rule: "owner" },
  { path: "/me/fanclub_group", rule: "owner" },
  { path: "/me/fanclub_group/new", rule: "owner" },
  { path: "/me/fanclub_group/invitations", rule: "owner" },
  { path: "/me/fanclub/products", rule: "can_product_manage" },
  { path: "/me/fanclub/talks", rule: "can_talk_manage" },
  { path: "/me/fanclub/schedules", rule: "can_schedule_manage" },
  { path: "/me/fanclub/raffles", rule: "can_raffle_manage" },
  { path: "/me/fanclub/messages", rule: "can_message_manage" },
  { path: "/me/fanclub/lesson_reserve/show", rule: "can_lesson_manage" },
  { path: "/me/fanclub/live_events", rule: "owner" },
  { path: "/me/fanclub/sales", rule: "owner" },
  // tips received are sales: owners only like the sales page
  { path: "/me/fanclub/tips", rule: "owner" },
  { path: "/me/fanclub/tippings", rule: "owner" },
  { path: "/me/fanclub/purchases/live_events", rule: "owner" },
  { path: "/me/fanclub/transfer", rule: "owner" },
  // issue 21 (decision 037); the campaign pages exist only with useCampaign: tests/workers/community-pages.test.ts
  { path: "/me/fanclub/special_ticket", rule: "can_lesson_manage" },
  { path: "/me/fanclub/share_goals", rule: "owner" },
  { path: "/me/fanclub/share_goals/new", rule: "owner" },
  { path: "/me/fanclub/dc_three_contents", rule: "owner" },
];

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);
const XHR = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };

/** What the fan club under test holds, for "a refused request changed nothing". */
interface Snapshot {
  name: string;
  invoice_number: string | null;
  icon_key: string | null;
  profile_edited_at: number | null;
  plans: number;
  closed_plans: number;
  blocks: number;
  editors: number;
  groups: number;
}

interface Ctx {
  fanclubId: number;
  planId: number;
  planToCloseId: number;
  fanId: number;
  inviteeToken: string;
}

/**
 * The mutations. `success` is what the owner's request answers; `effect` the column it must move;
 * `targetSpecific` rows name a row of the fan club under test (another creator must get 404).
 */
const MUTATIONS: ReadonlyArray<{
  label: string;
  rule: Rule;
  api?: boolean;
  targetSpecific?: boolean;
  success: { status: number; location?: string };
  effect: keyof Snapshot;
  send: (b: TestBrowser, ctx: Ctx, cell: number) => Promise<Response>;
}> = [
  {
    label: "POST /me/fanclub/plans/new",
    rule: "owner",
    success: { status: 302, location: "/me/fanclub/plans" },
    effect: "plans",
    send: (b, _ctx, cell) => b.post(at(hosts.www, "/me/fanclub/plans/new"), { name: `認可プラン${cell}`, price: "500" }),
  },
  {
    label: "POST /me/fanclub/edit",
    rule: "owner",
    success: { status: 200 },
    effect: "profile_edited_at",
    send: (b, _ctx, cell) =>
      b.post(at(hosts.www, "/me/fanclub/edit"), {
        name: `書き換えられた名前${cell}`,
        creatorName: "書き換えた人",
        description: "説明",
        introduction: "はじめまして。",
        category: "music",
        displayMemberCount: "on",
      }),
  },
  {
    label: "POST /me/fanclub/invoice_number",
    rule: "owner",
    success: { status: 200 },
    effect: "invoice_number",
    send: (b) => b.post(at(hosts.www, "/me/fanclub/invoice_number"), { invoiceNumber: "T7000012050002" }),
  },
  {
    label: "POST /me/fanclub/plans/{plan}/close",
    rule: "owner",
    targetSpecific: true,
    success: { status: 302, location: "/me/fanclub/plans" },
    effect: "closed_plans",
    send: (b, ctx) => b.post(at(hosts.www, `/me/fanclub/plans/${ctx.planToCloseId}/close`), {}),
  },
  {
    label: "PUT /api/v1/me/fanclub/images/icon",
    rule: "owner",
    api: true,
    success: { status: 200 },
    effect: "icon_key",
    send: (b) =>
      b.request(at(hosts.www, "/api/v1/me/fanclub/images/icon"), {
        method: "PUT",
        headers: { ...XHR, "content-type": "image/png", origin: `http://${hosts.www}` },
        body: PNG,
      }),
  },
  {
    label: "POST /me/fanclub/fans (block)",
    rule: "owner",
    success: { status: 200 },
    effect: "blocks",
    send: (b, ctx) => b.post(at(hosts.www, "/me/fanclub/fans"), { intent: "block", userId: String(ctx.fanId) }),
  },
  {
    label: "POST /me/fanclub/editors (invite)",
    rule: "owner",
    success: { status: 200 },
    effect: "editors",
    send: (b, ctx) =>
      b.post(at(hosts.www, "/me/fanclub/editors"), { intent: "invite", user: ctx.inviteeToken, permissions: "can_talk_manage" }),
  },
  {
    label: "POST /me/fanclub_group/new",
    rule: "owner",
    success: { status: 302, location: "/me/fanclub_group" },
    effect: "groups",
    send: (b, _ctx, cell) => b.post(at(hosts.www, "/me/fanclub_group/new"), { name: `認可グループ${cell}`, description: "" }),
  },
];

type RoleKind = "visitor" | "fan" | "otherCreator" | "editor" | "owner";
interface Role {
  label: string;
  kind: RoleKind;
  permissions: EditorPermission[];
  b: TestBrowser;
  /** "all but one permission" editors matter only on the rows needing the missing one */
  onlyOnRowsNeeding?: EditorPermission;
}

const appliesTo = (role: Role, rule: Rule) => role.onlyOnRowsNeeding === undefined || role.onlyOnRowsNeeding === rule;

function expectedAllowed(rule: Rule, role: { kind: RoleKind; permissions: readonly EditorPermission[] }): boolean {
  if (role.kind === "owner") return true;
  if (role.kind !== "editor") return false;
  if (rule === "owner") return false;
  return rule === "anyEditor" || role.permissions.includes(rule);
}

/** The refusal each person gets: visitors go to sign in, people without a fan club to the open page, editors 403. */
function isRefusal(role: Role, res: Response, api: boolean): boolean {
  const location = res.headers.get("location") ?? "";
  if (role.kind === "visitor")
    return api ? res.status === 401 : res.status === 302 && location.startsWith(`http://${hosts.login}/auth/login`);
  if (role.kind === "fan") return api ? res.status === 403 : res.status === 302 && location === "/me/fanclub/new";
  return res.status === 403;
}

function isSuccess(res: Response, success: { status: number; location?: string }): boolean {
  return res.status === success.status && (success.location === undefined || res.headers.get("location") === success.location);
}

const TARGET_NAME = "認可マトリクスの星空クラブ";
const OTHER_NAME = "よその夜明けクラブ";

async function snapshot(fanclubId: number): Promise<Snapshot> {
  const row = await env.DB.prepare(
    `SELECT f.name, f.invoice_number, f.icon_key, f.profile_edited_at,
       (SELECT count(*) FROM plans p WHERE p.fanclub_id = f.id) AS plans,
       (SELECT count(*) FROM plans p WHERE p.fanclub_id = f.id AND p.closed_at IS NOT NULL) AS closed_plans,
       (SELECT count(*) FROM fanclub_blocks x WHERE x.fanclub_id = f.id) AS blocks,
       (SELECT count(*) FROM fanclub_editors e WHERE e.fanclub_id = f.id) AS editors,
       (SELECT count(*) FROM fanclub_groups g WHERE g.owner_fanclub_id = f.id) AS groups
     FROM fanclubs f WHERE f.id = ?`,
  )
    .bind(fanclubId)
    .first<Snapshot>();
  return row!;
}

/** The columns that moved, as "plans 2→3". */
function changes(before: Snapshot, after: Snapshot): string {
  return (Object.keys(before) as Array<keyof Snapshot>)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k} ${before[k]}→${after[k]}`)
    .join(", ");
}

describe("authorization matrix of the creator pages (spec §6)", () => {
  const roles: Role[] = [];
  let ctx: Ctx;
  /** permissions some row requires: each gets an editor holding every other permission */
  const required = [...new Set(PAGES.map((p) => p.rule).concat(MUTATIONS.map((m) => m.rule)))].filter(
    (r): r is EditorPermission => r !== "owner" && r !== "anyEditor",
  );

  beforeAll(async () => {
    const editorSpecs: Array<{ label: string; permissions: EditorPermission[]; onlyOnRowsNeeding?: EditorPermission }> = [
      { label: "editor with no permission", permissions: [] },
      ...PERMISSIONS.map((p) => ({ label: `editor with only ${p}`, permissions: [p] })),
      { label: "editor with every permission", permissions: [...PERMISSIONS] },
      ...required.map((p) => ({
        label: `editor with all but ${p}`,
        permissions: PERMISSIONS.filter((q) => q !== p),
        onlyOnRowsNeeding: p,
      })),
    ];
    // sign-ups one after another: each hashes a password, and the Worker is one thread anyway
    const owner = await confirmedAccount({ prefix: "azo" });
    const fan = await confirmedAccount({ prefix: "azf" });
    const other = await confirmedAccount({ prefix: "azc" });
    const invitee = await confirmedAccount({ prefix: "azi" });
    const editors = [];
    for (const spec of editorSpecs) editors.push({ ...spec, account: await confirmedAccount({ prefix: "aze" }) });

    const fanclubId = await insertFanclub(owner.id, { serviceId: 1, name: TARGET_NAME });
    const planId = await insertPlan(fanclubId, { name: "ベーシック" });
    const planToCloseId = await insertPlan(fanclubId, { name: "閉じられるプラン" });
    const otherFanclubId = await insertFanclub(other.id, { serviceId: 1, name: OTHER_NAME });
    await insertPlan(otherFanclubId, { name: "よそのプラン" });
    for (const e of editors) await insertEditor(fanclubId, e.account.id, e.permissions);
    ctx = { fanclubId, planId, planToCloseId, fanId: fan.id, inviteeToken: invitee.token };

    roles.push({ label: "visitor", kind: "visitor", permissions: [], b: new TestBrowser() });
    roles.push({ label: "fan without a fan club", kind: "fan", permissions: [], b: fan.b });
    roles.push({ label: "creator of another fan club", kind: "otherCreator", permissions: [], b: other.b });
    for (const e of editors)
      roles.push({ label: e.label, kind: "editor", permissions: e.permissions, b: e.account.b, onlyOnRowsNeeding: e.onlyOnRowsNeeding });
    // last: the owner's mutations change the fan club, the others' must not have
    roles.push({ label: "owner", kind: "owner", permissions: [], b: owner.b });
  }, 120_000);

  it("the permission table: can() answers spec §6 for every action and every kind of person", () => {
    expect([...EDITOR_PERMISSIONS].sort()).toEqual([...PERMISSIONS].sort());
    expect([...CREATOR_ACTIONS].sort()).toEqual(Object.keys(ACTION_RULES).sort());
    const people: Array<{ label: string; kind: RoleKind; permissions: EditorPermission[]; role: FanclubRole }> = [
      { label: "visitor", kind: "visitor", permissions: [], role: { userId: null, ownerId: 1, editorPermissions: null } },
      { label: "signed in, not an editor", kind: "fan", permissions: [], role: { userId: 3, ownerId: 1, editorPermissions: null } },
      { label: "owner", kind: "owner", permissions: [], role: { userId: 1, ownerId: 1, editorPermissions: null } },
      {
        label: "editor with no permission",
        kind: "editor",
        permissions: [],
        role: { userId: 2, ownerId: 1, editorPermissions: new Set() },
      },
      ...PERMISSIONS.flatMap((p) => {
        const allBut = PERMISSIONS.filter((q) => q !== p);
        return [
          {
            label: `editor with only ${p}`,
            kind: "editor" as const,
            permissions: [p],
            role: { userId: 2, ownerId: 1, editorPermissions: new Set([p]) },
          },
          {
            label: `editor with all but ${p}`,
            kind: "editor" as const,
            permissions: allBut,
            role: { userId: 2, ownerId: 1, editorPermissions: new Set(allBut) },
          },
        ];
      }),
    ];
    const wrong: string[] = [];
    for (const action of CREATOR_ACTIONS) {
      for (const p of people) {
        const expected = expectedAllowed(ACTION_RULES[action], p);
        if (can(p.role, action) !== expected) wrong.push(`${action} × ${p.label}: expected ${expected ? "allowed" : "refused"}`);
      }
    }
    // the post actions (drafts, publishing, comments) have no endpoints yet: this is their matrix
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("the menu: every CREATOR_MENU link is a page of the matrix, and its action needs what the page needs", () => {
    const wrong: string[] = [];
    for (const item of CREATOR_MENU) {
      // the campaign pages exist only with useCampaign: their matrix is in community-pages.test.ts
      if ("needsCampaigns" in item) continue;
      const page = PAGES.find((p) => p.path === item.href);
      if (!page) {
        wrong.push(`${item.href}: menu link to a page the matrix does not know`);
        continue;
      }
      if (ACTION_RULES[item.action] !== page.rule)
        wrong.push(`${item.href}: menu action ${item.action} needs ${ACTION_RULES[item.action]}, page needs ${page.rule}`);
    }
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  it("every page × every person: allowed exactly as spec §6 says, and another creator never sees this fan club", async () => {
    const wrongAllows: string[] = [];
    const wrongRefusals: string[] = [];
    const unexpected: string[] = [];
    let cells = 0;
    for (const page of PAGES) {
      const path = page.path.replace("{plan}", String(ctx.planId));
      for (const role of roles.filter((r) => appliesTo(r, page.rule))) {
        cells++;
        const res = await role.b.get(at(hosts.www, path));
        const body = await res.text();
        const cell = `GET ${path} × ${role.label}: ${res.status} ${res.headers.get("location") ?? ""}`.trim();
        if (role.kind === "otherCreator") {
          // they manage their own fan club; nothing of this one may show, and its plan is not theirs
          if (body.includes(TARGET_NAME)) wrongAllows.push(`${cell} (shows the other fan club's name)`);
          else if (page.path.includes("{plan}") ? res.status === 200 : false)
            wrongAllows.push(`${cell} (opens a plan of another fan club)`);
          else if (page.path.includes("{plan}") ? res.status !== 404 : res.status !== 200 || !body.includes(OTHER_NAME))
            unexpected.push(cell);
          continue;
        }
        const allowed = expectedAllowed(page.rule, role);
        if (allowed) {
          if (res.status === 200 && body.includes(TARGET_NAME)) continue;
          (isRefusal(role, res, false) ? wrongRefusals : unexpected).push(cell);
        } else if (!isRefusal(role, res, false)) {
          (res.status === 200 ? wrongAllows : unexpected).push(cell);
        }
        // the sidebar shows exactly the menu links whose pages let this person in
        if (page.path === "/me/fanclub" && res.status === 200) {
          const shown = [...body.matchAll(/href="([^"]+)" data-menu="/g)].map((m) => m[1]!).sort();
          const expected = CREATOR_MENU.filter((item) => expectedAllowed(PAGES.find((p) => p.path === item.href)?.rule ?? "owner", role))
            .map((item) => item.href)
            .sort();
          if (JSON.stringify(shown) !== JSON.stringify(expected))
            unexpected.push(`${cell}: sidebar links ${shown.join(",")} instead of ${expected.join(",")}`);
        }
      }
    }
    console.log(`authorization matrix: ${PAGES.length} pages, ${cells} cells`);
    expect(cells).toBeGreaterThan(PAGES.length * 15);
    // one assertion, so a failure prints every offending cell of all three kinds
    expect({ wrongAllows, wrongRefusals, unexpected }).toEqual({ wrongAllows: [], wrongRefusals: [], unexpected: [] });
  }, 120_000);

  it("every mutation × every person: only the owner changes the fan club; refused requests write nothing", async () => {
    const wrongAllows: string[] = [];
    const wrongRefusals: string[] = [];
    const unexpected: string[] = [];
    let n = 0;
    for (const mutation of MUTATIONS) {
      for (const role of roles.filter((r) => appliesTo(r, mutation.rule))) {
        const before = await snapshot(ctx.fanclubId);
        const res = await mutation.send(role.b, ctx, n++);
        const body = await res.text();
        const after = await snapshot(ctx.fanclubId);
        const unchanged = JSON.stringify(before) === JSON.stringify(after);
        const cell = `${mutation.label} × ${role.label}: ${res.status} ${res.headers.get("location") ?? ""}`.trim();
        if (role.kind === "otherCreator") {
          // acts on their own fan club (or finds no such plan): never on this one
          if (!unchanged) wrongAllows.push(`${cell} (wrote ${changes(before, after)} in the other fan club)`);
          else if (body.includes(TARGET_NAME)) wrongAllows.push(`${cell} (shows the other fan club's name)`);
          else if (mutation.targetSpecific ? res.status !== 404 : !isSuccess(res, mutation.success)) unexpected.push(cell);
          continue;
        }
        if (expectedAllowed(mutation.rule, role)) {
          if (isSuccess(res, mutation.success) && before[mutation.effect] !== after[mutation.effect]) continue;
          (isRefusal(role, res, mutation.api ?? false) ? wrongRefusals : unexpected).push(
            `${cell} (${mutation.effect}: ${before[mutation.effect]} → ${after[mutation.effect]})`,
          );
        } else if (!unchanged) {
          wrongAllows.push(`${cell} (wrote ${changes(before, after)})`);
        } else if (!isRefusal(role, res, mutation.api ?? false)) {
          (isSuccess(res, mutation.success) ? wrongAllows : unexpected).push(cell);
        }
      }
    }
    console.log(`authorization matrix: ${MUTATIONS.length} mutations, ${n} cells`);
    // one assertion, so a failure prints every offending cell of all three kinds
    expect({ wrongAllows, wrongRefusals, unexpected }).toEqual({ wrongAllows: [], wrongRefusals: [], unexpected: [] });
  }, 120_000);
});
