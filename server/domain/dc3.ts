/**
 * DC3 contents (spec §5 "DC3 content: one file", docs/decisions/045): a fan club's downloadable
 * item, one file each, for members of any plan or of the chosen plans. Pure: the form's rules and
 * who may download, shared by the API, the pages and the `/media` gate.
 */

import { accessGrantingMemberships, type PaywallMembership } from "./paywall";
import { commentLength } from "./post-comments";

export const DC3_LIMITS = { title: 100, description: 1000, plans: 50 } as const;

export type Dc3Audience = "members" | "plans";

export interface Dc3Input {
  title: string;
  description: string;
  audience: Dc3Audience;
  /** the chosen plans (audience `plans`); empty for `members` */
  planIds: number[];
  /** the stored upload this item takes; null on an update that keeps its file */
  fileId: number | null;
}

type Dc3Field = "title" | "description" | "audience" | "planIds" | "file";
export type Dc3FormProblem = { field: Dc3Field; problem: "required" | "tooLong" | "invalid" };

const text = (raw: unknown) => (typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "");

function positiveId(raw: unknown): number | null {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,15}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The item form, from a JSON body or form fields (`planIds` repeated or an array). A new item
 * needs its file (`fileId`, a stored upload); an edit may leave it out to keep the file it has.
 * The caller checks that the plans and the file are the fan club's.
 */
export function parseDc3Input(
  raw: Record<string, unknown>,
  mode: "create" | "update",
): { ok: true; value: Dc3Input } | { ok: false; problems: Dc3FormProblem[] } {
  const problems: Dc3FormProblem[] = [];
  const title = text(raw.title);
  const description = text(raw.description);
  if (!title) problems.push({ field: "title", problem: "required" });
  else if (commentLength(title) > DC3_LIMITS.title) problems.push({ field: "title", problem: "tooLong" });
  if (raw.description !== undefined && typeof raw.description !== "string") problems.push({ field: "description", problem: "invalid" });
  else if (commentLength(description) > DC3_LIMITS.description) problems.push({ field: "description", problem: "tooLong" });

  const audienceRaw = raw.audience === undefined || raw.audience === "" ? "members" : raw.audience;
  const audience = audienceRaw === "members" || audienceRaw === "plans" ? audienceRaw : null;
  if (!audience) problems.push({ field: "audience", problem: "invalid" });

  const listed = raw.planIds === undefined ? [] : Array.isArray(raw.planIds) ? raw.planIds : [raw.planIds];
  const planIds = listed.map(positiveId);
  if (planIds.some((id) => id === null) || planIds.length > DC3_LIMITS.plans) problems.push({ field: "planIds", problem: "invalid" });
  else if (audience === "plans" && planIds.length === 0) problems.push({ field: "planIds", problem: "required" });

  const fileGiven = raw.fileId !== undefined && raw.fileId !== null && raw.fileId !== "";
  const fileId = fileGiven ? positiveId(raw.fileId) : null;
  if (fileGiven && fileId === null) problems.push({ field: "file", problem: "invalid" });
  else if (!fileGiven && mode === "create") problems.push({ field: "file", problem: "required" });

  if (problems.length || !audience) return { ok: false, problems };
  return {
    ok: true,
    value: {
      title,
      description,
      audience,
      planIds: audience === "plans" ? [...new Set(planIds as number[])] : [],
      fileId,
    },
  };
}

/**
 * Whether a viewer may download an item's file: the fan club's owner and editors always; else a
 * membership that grants access now (active, or left until its paid month ends; not unpaid:
 * the paywall's rule, decision 012) of any plan (`members`) or of one of the chosen plans. A
 * follower, a visitor or a member of another plan gets nothing.
 */
export function canDownloadDc3(input: {
  item: { fanclubId: number; audience: Dc3Audience; planIds: readonly number[] };
  viewer: { isOwner: boolean; isEditor: boolean; memberships: readonly PaywallMembership[] };
  now: number;
}): boolean {
  const { item, viewer, now } = input;
  if (viewer.isOwner || viewer.isEditor) return true;
  return accessGrantingMemberships(viewer.memberships, item.fanclubId, now).some(
    (m) => item.audience === "members" || item.planIds.includes(m.planId),
  );
}
