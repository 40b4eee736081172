/**
 * Who may do what in a fan club's management (spec §6). One table, used by every creator page,
 * API call and menu: a link shows exactly when the action behind it is allowed.
 */

/** Editor permission values of spec §3. */
export const EDITOR_PERMISSIONS = [
  "commentable",
  "deletable_comments",
  "postable_drafts",
  "postable",
  "can_talk_manage",
  "can_schedule_manage",
  "can_product_manage",
  "can_lesson_manage",
  "can_raffle_manage",
  // issue 20: read and answer the fan club's messages, and send its messages to many
  "can_message_manage",
] as const;
export type EditorPermission = (typeof EDITOR_PERMISSIONS)[number];

/** Creator actions on one fan club. */
export const CREATOR_ACTIONS = [
  "viewManagement",
  "viewPostManagement",
  "createDraft",
  "publishPost",
  "comment",
  "deleteComments",
  "manageTalks",
  "manageSchedules",
  "manageProducts",
  "manageLessons",
  "manageRaffles",
  "manageMessages",
  "manageLiveEvents",
  "editProfile",
  "managePlans",
  "viewFans",
  "blockFans",
  "manageEditors",
  "manageGroups",
  "viewSales",
  "manageTransfers",
  "manageSpecialTickets",
  "manageShareGoals",
  "manageCampaigns",
  "manageDc3Contents",
] as const;
export type CreatorAction = (typeof CREATOR_ACTIONS)[number];

/**
 * What an editor needs for each action. `null`: owners only. `"always"`: every editor (spec §6:
 * editors always see post management).
 */
const EDITOR_RULE: Record<CreatorAction, EditorPermission | "always" | null> = {
  viewManagement: "always",
  viewPostManagement: "always",
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
  // spec §4: only the event owner broadcasts
  manageLiveEvents: null,
  editProfile: null,
  managePlans: null,
  viewFans: null,
  blockFans: null,
  manageEditors: null,
  manageGroups: null,
  viewSales: null,
  manageTransfers: null,
  // special tickets are what lessons accept as seats: the lesson managers issue them (decision 037)
  manageSpecialTickets: "can_lesson_manage",
  // goals and campaigns promise money and rewards in the owner's name
  manageShareGoals: null,
  manageCampaigns: null,
  // DC3 contents are sold to the plans in the owner's name (docs/decisions/045)
  manageDc3Contents: null,
};

export interface FanclubRole {
  /** the signed-in person, or null for a visitor */
  userId: number | null;
  /** the fan club's owner */
  ownerId: number;
  /** the person's editor permissions in this fan club, or null when not an editor */
  editorPermissions: ReadonlySet<EditorPermission> | null;
}

export function can(role: FanclubRole, action: CreatorAction): boolean {
  if (role.userId === null) return false;
  if (role.userId === role.ownerId) return true;
  if (!role.editorPermissions) return false;
  const rule = EDITOR_RULE[action];
  if (rule === null) return false;
  return rule === "always" || role.editorPermissions.has(rule);
}

/** Parses stored permissions, dropping anything unknown (a removed permission grants nothing). */
export function parsePermissions(values: readonly string[]): Set<EditorPermission> {
  return new Set(values.filter((v): v is EditorPermission => (EDITOR_PERMISSIONS as readonly string[]).includes(v)));
}
