import { z } from "zod";
import type { TFunction } from "../i18n/setup";

/**
 * Linked accounts (spec §3 account link kinds): links to a person's accounts elsewhere, shown on
 * their public profile. Pure rules: which URL fits which kind, how it is stored, how many a
 * person may have. The page, the service and the tests all use these, so they cannot disagree.
 */

export const LINK_KINDS = ["twitter", "instagram", "youtube", "other"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_LIMITS = {
  urlMax: 200,
  /**
   * links per person, all kinds together. The kind caps below add up to 8 today, so this is the
   * ceiling the spec sets rather than the limit people meet; it still holds if a kind cap grows.
   */
  total: 10,
  /** one account per service is what a profile shows; `other` covers blogs, shops and the like */
  perKind: { twitter: 1, instagram: 1, youtube: 1, other: 5 } satisfies Record<LinkKind, number>,
} as const;

/**
 * The registrable hosts each service uses for profile pages. `other` has none: any web address
 * fits it. X kept twitter.com working after the rename, so both count as the same service.
 */
const LINK_HOSTS: Record<Exclude<LinkKind, "other">, readonly string[]> = {
  twitter: ["twitter.com", "x.com"],
  instagram: ["instagram.com"],
  youtube: ["youtube.com", "youtu.be"],
};

/** Subdomains the services themselves send people to (a link copied on a phone is often `mobile.`). */
const SERVICE_SUBDOMAINS = ["www.", "m.", "mobile."] as const;

function hostFits(hostname: string, roots: readonly string[]): boolean {
  return roots.some((root) => hostname === root || SERVICE_SUBDOMAINS.some((sub) => hostname === `${sub}${root}`));
}

export type LinkUrlProblem = "format" | "host" | "tooLong";

/**
 * Checks and normalises a URL for `kind`: trimmed, parsed by the WHATWG parser (host lower-cased,
 * default port dropped, spaces percent-encoded) and without the lone `/` of a bare root, so
 * `https://x.com/` and `https://X.com` are stored alike. Only http(s) is accepted, because the
 * profile renders it as a link and `javascript:` or `data:` would run in the viewer's page.
 * Credentials in a URL (`https://x.com@evil.example`-style tricks) are refused for the same reason.
 */
export function normalizeLinkUrl(kind: LinkKind, raw: string): { ok: true; url: string } | { ok: false; problem: LinkUrlProblem } {
  const input = raw.trim();
  if (input.length > LINK_LIMITS.urlMax) return { ok: false, problem: "tooLong" };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, problem: "format" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, problem: "format" };
  if (url.username || url.password) return { ok: false, problem: "format" };
  // a host without a dot (localhost, an intranet name) is no page anyone else can open
  if (!url.hostname.includes(".") || url.hostname.endsWith(".")) return { ok: false, problem: "format" };
  if (kind !== "other" && !hostFits(url.hostname, LINK_HOSTS[kind])) return { ok: false, problem: "host" };
  const href = url.pathname === "/" && !url.search && !url.hash ? url.origin : url.href;
  // percent-encoding can lengthen the text; the stored form keeps the same limit
  if (href.length > LINK_LIMITS.urlMax) return { ok: false, problem: "tooLong" };
  return { ok: true, url: href };
}

export interface LinkLike {
  kind: LinkKind;
  url: string;
}

export type LinkLimitProblem = "duplicate" | "total" | "kindTaken" | "kindLimit";

/**
 * Whether one more link may join `existing` (the person's current links). The most specific
 * reason wins: the same address again, then the overall cap, then the cap of its kind.
 */
export function linkLimitProblem(existing: readonly LinkLike[], candidate: LinkLike): LinkLimitProblem | null {
  if (existing.some((l) => l.url === candidate.url)) return "duplicate";
  if (existing.length >= LINK_LIMITS.total) return "total";
  const max = LINK_LIMITS.perKind[candidate.kind];
  if (existing.filter((l) => l.kind === candidate.kind).length >= max) return max === 1 ? "kindTaken" : "kindLimit";
  return null;
}

/** The text for a limit problem, with the field it belongs to (null: the whole form). */
export function linkLimitMessage(
  t: TFunction,
  problem: LinkLimitProblem,
  kind: LinkKind,
): { field: "kind" | "url" | null; message: string } {
  const kindLabel = t(`preferences:links.kinds.${kind}`);
  switch (problem) {
    case "duplicate":
      return { field: "url", message: t("preferences:links.errors.duplicate") };
    case "total":
      return { field: null, message: t("preferences:links.errors.total", { max: LINK_LIMITS.total }) };
    case "kindTaken":
      return { field: "kind", message: t("preferences:links.errors.kindTaken", { kind: kindLabel }) };
    case "kindLimit":
      return { field: "kind", message: t("preferences:links.errors.kindLimit", { kind: kindLabel, max: LINK_LIMITS.perKind[kind] }) };
  }
}

/**
 * The add form: the Remix action and the browser validate with it. Messages are the spec §5
 * texts (`validation.*`) where one fits, and this feature's own otherwise. The value it yields
 * carries the normalised URL, ready to store.
 */
export const linkApplicationSchema = (t: TFunction) => {
  const required = (field: "kind" | "url") => t("validation.required", { field: t(`preferences:links.fields.${field}`) });
  return z
    .object({
      kind: z.enum(LINK_KINDS, {
        errorMap: (issue) => ({ message: issue.code === "invalid_type" ? required("kind") : t("validation.choice") }),
      }),
      url: z
        .string({ required_error: required("url") })
        .trim()
        .min(1, required("url"))
        .max(LINK_LIMITS.urlMax, t("validation.maxLength", { max: LINK_LIMITS.urlMax })),
    })
    .transform((value, ctx) => {
      const checked = normalizeLinkUrl(value.kind, value.url);
      if (checked.ok) return { kind: value.kind, url: checked.url };
      const message =
        checked.problem === "tooLong"
          ? t("validation.maxLength", { max: LINK_LIMITS.urlMax })
          : checked.problem === "host"
            ? t("preferences:links.errors.host", { kind: t(`preferences:links.kinds.${value.kind}`), hosts: hostList(value.kind) })
            : t("preferences:links.errors.format");
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["url"], message });
      return z.NEVER;
    });
};

/** "twitter.com / x.com": the hosts named in the message, so the person sees what is expected. */
function hostList(kind: LinkKind): string {
  return kind === "other" ? "" : LINK_HOSTS[kind].join(" / ");
}
