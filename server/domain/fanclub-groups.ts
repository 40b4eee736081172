import { z } from "zod";
import type { TFunction } from "../i18n/setup";

/**
 * Groups of fan clubs (spec §2 /me/fanclub_group, /groups/{id}; spec §6 group owner).
 *
 * A group belongs to one owner fan club, whose creator invites other fan clubs; an invited fan
 * club's owner accepts or declines. The rules chosen here:
 * - a fan club owns at most one open group (one "my group" page), and may be a member of any
 *   number of other groups;
 * - the owner fan club is itself a member and can never be removed: closing the group is how it
 *   ends;
 * - only open fan clubs on the group's own brand can be invited: the group page lives on that
 *   brand and links its member fan clubs there;
 * - a declined or removed fan club may be invited again; a member or a pending invitation may not
 *   be invited twice.
 * Pure: the services read the rows and ask these functions what is allowed.
 */

export const GROUP_LIMITS = {
  nameMax: 50,
  descriptionMax: 1000,
} as const;

export type GroupMemberStatus = "invited" | "member" | "declined" | "removed";

/** Length in characters as people count them: a surrogate pair (𠮷) is one character, not two. */
const charCount = (value: string) => [...value].length;

/** The create and edit form of a group. Messages come from `common` validation and `groups`. */
export const groupSchema = (t: TFunction) =>
  z.object({
    name: z
      .string({ required_error: t("validation.required", { field: t("groups:fields.name") }) })
      .trim()
      .min(1, t("validation.required", { field: t("groups:fields.name") }))
      .refine((v) => charCount(v) <= GROUP_LIMITS.nameMax, t("validation.maxLength", { max: GROUP_LIMITS.nameMax })),
    description: z
      .string()
      .trim()
      .refine((v) => charCount(v) <= GROUP_LIMITS.descriptionMax, t("validation.maxLength", { max: GROUP_LIMITS.descriptionMax }))
      .optional()
      // conform sends an empty field as undefined; both mean "no description"
      .transform((v) => v ?? ""),
  });

export type GroupInput = z.output<ReturnType<typeof groupSchema>>;

/**
 * Who to invite: a fan club id ("12") or its unique path ("akari_music", "@akari_music", a URL
 * ending in /@akari_music). Bare digits are an id; "@" forces a path (paths may be all digits).
 */
export type InviteTarget = { kind: "id"; id: number } | { kind: "path"; path: string };

/**
 * Reads what a creator typed into the invite field. Full-width characters (an IME's default) are
 * folded first, so "１２" and "＠ａｋａｒｉ" work too. Returns null when it is neither form.
 */
export function parseInviteTarget(input: string): InviteTarget | null {
  let value = input.normalize("NFKC").trim();
  // a pasted fan club address: its unique path after "/@", or its id after "/fanclubs/"
  const byPath = /\/@([^/?#\s]+)\/?(?:[?#].*)?$/.exec(value);
  const byId = /\/fanclubs\/(\d+)\/?(?:[?#].*)?$/.exec(value);
  if (byPath) value = `@${byPath[1]}`;
  else if (byId) value = byId[1]!;
  if (/^\d+$/.test(value)) {
    const id = Number(value);
    return id > 0 && Number.isSafeInteger(id) ? { kind: "id", id } : null;
  }
  const path = value.replace(/^@/, "").toLowerCase();
  // the unique path alphabet of fan clubs (fanclub-rules): 3–30 of a-z, 0-9 and _
  return /^[a-z0-9_]{3,30}$/.test(path) ? { kind: "path", path } : null;
}

/** The invite form: one field, a fan club id or unique path. */
export const inviteSchema = (t: TFunction) =>
  z.object({
    target: z
      .string({ required_error: t("validation.required", { field: t("groups:fields.target") }) })
      .trim()
      .min(1, t("validation.required", { field: t("groups:fields.target") }))
      .transform((value, ctx) => {
        const target = parseInviteTarget(value);
        if (!target) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("groups:errors.targetFormat") });
          return z.NEVER;
        }
        return target;
      }),
  });

/** The answer to an invitation. */
export const respondSchema = (t: TFunction) =>
  z.object({ decision: z.enum(["accept", "decline"], { errorMap: () => ({ message: t("validation.choice") }) }) });

export type Refusal<R extends string> = { ok: true } | { ok: false; reason: R };

/** A fan club may open a group only while it owns no open group. */
export function canCreateGroup(input: { ownsOpenGroup: boolean }): Refusal<"alreadyOwns"> {
  return input.ownsOpenGroup ? { ok: false, reason: "alreadyOwns" } : { ok: true };
}

export type InviteRefusal = "groupClosed" | "notFound" | "self" | "otherBrand" | "alreadyMember" | "alreadyInvited";

/**
 * May the group invite this fan club? `target` is null when no fan club answers to the id or path.
 * `existing` is the fan club's current row in this group, if it ever had one.
 */
export function canInvite(input: {
  group: { ownerFanclubId: number; serviceId: number; closed: boolean };
  target: { id: number; serviceId: number; open: boolean } | null;
  existing: GroupMemberStatus | null;
}): Refusal<InviteRefusal> {
  const { group, target, existing } = input;
  if (group.closed) return { ok: false, reason: "groupClosed" };
  // a closed fan club is as good as absent: its page is gone, nobody could answer
  if (!target || !target.open) return { ok: false, reason: "notFound" };
  if (target.id === group.ownerFanclubId) return { ok: false, reason: "self" };
  if (target.serviceId !== group.serviceId) return { ok: false, reason: "otherBrand" };
  if (existing === "member") return { ok: false, reason: "alreadyMember" };
  if (existing === "invited") return { ok: false, reason: "alreadyInvited" };
  // never invited, declined or removed: (re-)invite
  return { ok: true };
}

/** The statuses an invitation may be (re-)issued from: the upsert's condition. */
export const REINVITABLE: readonly GroupMemberStatus[] = ["declined", "removed"];

export type RespondRefusal = "notFound" | "alreadyAnswered";

/**
 * May the invited fan club answer? Only a pending invitation of an open group can be answered,
 * and only once: the owner of the invited fan club is the one asking (the caller checks that).
 */
export function canRespond(input: { status: GroupMemberStatus | null; groupClosed: boolean }): Refusal<RespondRefusal> {
  if (input.status === null || input.groupClosed || input.status === "removed") return { ok: false, reason: "notFound" };
  if (input.status !== "invited") return { ok: false, reason: "alreadyAnswered" };
  return { ok: true };
}

/** The status an answer leads to. */
export const statusAfterAnswer = (decision: "accept" | "decline"): GroupMemberStatus => (decision === "accept" ? "member" : "declined");

export type RemoveRefusal = "owner" | "notMember";

/**
 * May the owner take this fan club out of the group? Members can be removed and pending
 * invitations withdrawn; the owner fan club stays (closing the group is how it leaves).
 */
export function canRemove(input: { ownerFanclubId: number; fanclubId: number; status: GroupMemberStatus | null }): Refusal<RemoveRefusal> {
  if (input.fanclubId === input.ownerFanclubId) return { ok: false, reason: "owner" };
  if (input.status !== "member" && input.status !== "invited") return { ok: false, reason: "notMember" };
  return { ok: true };
}

/** The statuses a removal applies to: the update's condition. */
export const REMOVABLE: readonly GroupMemberStatus[] = ["member", "invited"];
