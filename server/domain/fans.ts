import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { EDITOR_PERMISSIONS, type EditorPermission } from "./fanclub-permissions";

/**
 * The creator's fans page (spec §2 `/me/fanclub/fans?searchType=…`) and the fan club's editors
 * (spec §3 editor permissions, §6). Pure rules only: which list a query asks for, which page, how
 * an invitation names a person, and who may be invited. Pages, services and tests share them.
 */

/** spec §2: the three lists of the fans page, in tab order. */
export const SEARCH_TYPES = ["fans", "followers", "blocks"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** spec §2: the default is fans, and an invalid value (or none) falls back to fans. */
export function parseSearchType(value: string | null | undefined): SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value ?? "") ? (value as SearchType) : "fans";
}

/** People per page of a fans list. */
export const FANS_PAGE_SIZE = 30;
/**
 * The last page a link may ask for. Offsets beyond it cost D1 a long scan for an empty answer, and
 * no one pages through 30,000 people by hand.
 */
export const FANS_MAX_PAGE = 1000;

/** `?page=`: a whole number from 1; anything else (missing, 0, "abc", 1.5, negative) is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return 1;
  const n = Number(value.trim());
  return n < 1 ? 1 : Math.min(n, FANS_MAX_PAGE);
}

/** The row offset of a page. */
export function pageOffset(page: number, size = FANS_PAGE_SIZE): number {
  return (Math.max(1, Math.floor(page)) - 1) * size;
}

/** The query string of one tab and page; page 1 is left out so the first page has one address. */
export function fansQuery(searchType: SearchType, page = 1): string {
  const params = new URLSearchParams({ searchType });
  if (page > 1) params.set("page", String(page));
  return `?${params}`;
}

/** An id posted by a button form (a user to block or remove, a fan club to answer): a positive whole number. */
export const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The block and unblock buttons of the fans page. They carry no typed text, only ids. */
export const fanActionSchema = z.object({ intent: z.enum(["block", "unblock"]), userId: idField });

// -------------------------------------------------------------------------------------------
// Editors

/** Profile tokens are base64url (12 random bytes today); 40 is the profile page's own cap. */
const TOKEN = /^[A-Za-z0-9_-]{1,40}$/;
const PROFILE_INPUT_MAX = 300;

/**
 * The person an owner invites, as they would name them: the profile token itself, or the profile
 * page's address copied from the browser (`https://my.example.jp/profile/{token}`, with or without
 * scheme, a trailing slash, a query or a fragment, or just `/profile/{token}`). Any host is
 * accepted: the token alone identifies the person, and brands and environments differ in host.
 * Returns null when the text names no profile.
 */
export function profileTokenFrom(input: string): string | null {
  const text = input.trim();
  if (TOKEN.test(text)) return text;
  if (!text.includes("/profile/")) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  // "my.example.jp/profile/x" has no scheme; read it as an address, not as a relative path
  const absolute = hasScheme ? text : text.startsWith("/") ? `https://profile.invalid${text}` : `https://${text}`;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const match = /^\/profile\/([^/]+)\/?$/.exec(url.pathname);
  const token = match?.[1];
  return token && TOKEN.test(token) ? token : null;
}

/** Permissions as stored and shown: known values only, each once, in the spec §3 order. */
export function normalizePermissions(values: readonly string[]): EditorPermission[] {
  return EDITOR_PERMISSIONS.filter((p) => values.includes(p));
}

/**
 * A set of permissions ticked on a form: any subset of EDITOR_PERMISSIONS, none included (an
 * editor without permissions still manages posts, spec §6). Unticked boxes send nothing, so a
 * missing field is the empty set.
 */
const permissionsField = (t: TFunction) =>
  z
    .array(z.enum(EDITOR_PERMISSIONS, { errorMap: () => ({ message: t("validation.choice") }) }))
    // each box sends its value once; more values than boxes did not come from the form
    .max(EDITOR_PERMISSIONS.length, t("validation.choice"))
    .default([])
    .transform((values) => normalizePermissions(values));

/** The invitation form of the editors page: who, and what they may do. */
export const editorInvitationSchema = (t: TFunction) => {
  const required = t("validation.required", { field: t("fans:editors.fields.user") });
  return z.object({
    user: z
      .string({ required_error: required })
      .trim()
      .min(1, required)
      .max(PROFILE_INPUT_MAX, t("validation.maxLength", { max: PROFILE_INPUT_MAX }))
      .transform((value, ctx) => {
        const token = profileTokenFrom(value);
        if (token) return token;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("fans:editors.errors.userFormat") });
        return z.NEVER;
      }),
    permissions: permissionsField(t),
  });
};

/** The permission form of one editor on the editors page. */
export const editorPermissionsSchema = (t: TFunction) =>
  z.object({
    userId: z.coerce
      .number({ invalid_type_error: t("validation.format") })
      .int(t("validation.format"))
      .positive(t("validation.format"))
      .max(Number.MAX_SAFE_INTEGER, t("validation.format")),
    permissions: permissionsField(t),
  });

export type InvitationProblem = "unknownUser" | "self" | "alreadyEditor" | "alreadyInvited";

/**
 * Whether `invitee` may be invited to edit the owner's fan club. Someone who never existed or has
 * left is one case ("no such person"), so an invitation cannot be used to learn who left.
 */
export function invitationProblem(input: {
  ownerId: number;
  invitee: { id: number; left: boolean } | null;
  existing: { accepted: boolean } | null;
}): InvitationProblem | null {
  if (!input.invitee || input.invitee.left) return "unknownUser";
  if (input.invitee.id === input.ownerId) return "self";
  if (input.existing) return input.existing.accepted ? "alreadyEditor" : "alreadyInvited";
  return null;
}

/** Reads a stored permissions column (JSON array); anything malformed grants nothing. */
export function permissionsFromJson(text: string): EditorPermission[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? normalizePermissions(value.filter((v): v is string => typeof v === "string")) : [];
  } catch {
    return [];
  }
}
