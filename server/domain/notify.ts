/**
 * Which notices reach a person, and how (issue 20). Kinds × channels, each of which can be turned
 * off; e-mail arrives one by one or as an hourly or daily digest. Pure: the service reads the
 * settings and applies these.
 */

export const NOTIFY_KINDS = ["message", "newPost", "purchase", "renewal", "live"] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_CHANNELS = ["inApp", "email", "push"] as const;
type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export type ChannelChoices = Record<NotifyKind, Record<NotifyChannel, boolean>>;

export const DIGEST_MODES = ["none", "hourly", "daily"] as const;
export type DigestMode = (typeof DIGEST_MODES)[number];

/**
 * The e-mail choices that already had columns of their own (notification_settings) keep them:
 * the kinds here read their e-mail channel from those, so the older page and this one never disagree.
 */
export const EMAIL_COLUMN: Partial<Record<NotifyKind, "emailMessage" | "emailNewPost" | "emailPurchase" | "emailPlanRenewal">> = {
  message: "emailMessage",
  newPost: "emailNewPost",
  purchase: "emailPurchase",
  renewal: "emailPlanRenewal",
};

/** Everything on: a push reaches only browsers the person subscribed, so "on" asks nothing of them. */
function defaultChannels(): ChannelChoices {
  const out = {} as ChannelChoices;
  for (const kind of NOTIFY_KINDS) out[kind] = { inApp: true, email: true, push: true };
  return out;
}

/** Stored choices (JSON) over the defaults; anything unreadable or unknown is ignored. */
export function parseChannels(json: string | null | undefined): ChannelChoices {
  const out = defaultChannels();
  let value: unknown;
  try {
    value = JSON.parse(json ?? "{}");
  } catch {
    return out;
  }
  if (!value || typeof value !== "object") return out;
  for (const kind of NOTIFY_KINDS) {
    const k = (value as Record<string, unknown>)[kind];
    if (!k || typeof k !== "object") continue;
    for (const channel of NOTIFY_CHANNELS) {
      const v = (k as Record<string, unknown>)[channel];
      if (typeof v === "boolean") out[kind][channel] = v;
    }
  }
  return out;
}

/** The settings form: a checkbox `kind.channel` is sent only when ticked. */
export function channelsFromForm(has: (name: string) => boolean): ChannelChoices {
  const out = defaultChannels();
  for (const kind of NOTIFY_KINDS) for (const channel of NOTIFY_CHANNELS) out[kind][channel] = has(`${kind}.${channel}`);
  return out;
}

export function parseDigest(raw: unknown): DigestMode {
  return (DIGEST_MODES as readonly unknown[]).includes(raw) ? (raw as DigestMode) : "none";
}

/** How an e-mail notice goes out now: not at all, at once, or into the digest. */
export function emailRoute(emailOn: boolean, hasAddress: boolean, digest: DigestMode): "none" | "now" | "digest" {
  if (!emailOn || !hasAddress) return "none";
  return digest === "none" ? "now" : "digest";
}

const HOUR = 3600_000;
const JST = 9 * HOUR;
/** The daily digest goes out at 08:00 Japan time. */
const DAILY_DIGEST_HOUR_JST = 8;

/**
 * Which digests the hourly cron sends at `now`: hourly ones every hour, daily ones in the hour of
 * 08:00 JST. The key names the period, so a cron that fires twice sends each digest once.
 */
export function dueDigests(now: number): Array<{ mode: Exclude<DigestMode, "none">; periodKey: string }> {
  const hourStart = Math.floor(now / HOUR) * HOUR;
  const due: Array<{ mode: Exclude<DigestMode, "none">; periodKey: string }> = [{ mode: "hourly", periodKey: `h${hourStart}` }];
  const jst = new Date(now + JST);
  if (jst.getUTCHours() === DAILY_DIGEST_HOUR_JST) due.push({ mode: "daily", periodKey: `d${jst.toISOString().slice(0, 10)}` });
  return due;
}

export interface DigestItem {
  kind: string;
  text: string;
  url: string | null;
  createdAt: number;
}

/**
 * One digest's sections: notices grouped by kind in the order of NOTIFY_KINDS (unknown kinds
 * last), each section oldest first, with its count.
 */
export function groupDigest(items: readonly DigestItem[]): Array<{ kind: string; count: number; items: DigestItem[] }> {
  const groups = new Map<string, DigestItem[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  const order = (k: string) => {
    const i = (NOTIFY_KINDS as readonly string[]).indexOf(k);
    return i === -1 ? NOTIFY_KINDS.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([kind, list]) => ({ kind, count: list.length, items: [...list].sort((a, b) => a.createdAt - b.createdAt) }));
}
