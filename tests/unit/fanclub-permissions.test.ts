import { describe, expect, it } from "vitest";
import {
  CREATOR_ACTIONS,
  EDITOR_PERMISSIONS,
  can,
  parsePermissions,
  type CreatorAction,
  type EditorPermission,
} from "../../server/domain/fanclub-permissions";

const OWNER = 1;
const role = (userId: number | null, permissions: EditorPermission[] | null = null) => ({
  userId,
  ownerId: OWNER,
  editorPermissions: permissions ? new Set(permissions) : null,
});

const OWNER_ONLY: CreatorAction[] = [
  "editProfile",
  "managePlans",
  "viewFans",
  "blockFans",
  "manageEditors",
  "manageGroups",
  "viewSales",
  "manageTransfers",
];
const NEEDS: Partial<Record<CreatorAction, EditorPermission>> = {
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
};

describe("fan club permissions (spec §6)", () => {
  it("lets the owner do everything and a visitor or a stranger nothing", () => {
    for (const action of CREATOR_ACTIONS) {
      expect(can(role(OWNER), action), action).toBe(true);
      expect(can(role(null), action), action).toBe(false);
      expect(can(role(2), action), action).toBe(false);
    }
  });

  it("always shows an editor the management and post management", () => {
    expect(can(role(3, []), "viewManagement")).toBe(true);
    expect(can(role(3, []), "viewPostManagement")).toBe(true);
  });

  it("gives an editor each action only with its permission", () => {
    for (const [action, permission] of Object.entries(NEEDS) as Array<[CreatorAction, EditorPermission]>) {
      expect(can(role(3, []), action), action).toBe(false);
      expect(can(role(3, [permission]), action), action).toBe(true);
      const others = EDITOR_PERMISSIONS.filter((p) => p !== permission);
      expect(can(role(3, others), action), `${action} without ${permission}`).toBe(false);
    }
  });

  it("keeps owner-only actions from editors with every permission", () => {
    for (const action of OWNER_ONLY) expect(can(role(3, [...EDITOR_PERMISSIONS]), action), action).toBe(false);
  });

  it("ignores unknown stored permissions", () => {
    expect([...parsePermissions(["postable", "is_admin", "can_product_manage"])]).toEqual(["postable", "can_product_manage"]);
  });
});
