import xssDefault from "xss";
import type * as XssModule from "xss";
import { parseJstInput } from "./jst-time";

/**
 * Operator notices (spec §2 "the admin dialog renders links as HTML", decision 041): what staff
 * type becomes HTML the dialog renders. The message is sanitized here, on the server, once when
 * it is saved: only a, br, p, strong and em survive, links only with an http(s) address, and every
 * link opens apart from the page (rel="noopener noreferrer").
 */

export const NOTICE_SIZINGS = ["small", "medium", "large"] as const;
export type NoticeSizing = (typeof NOTICE_SIZINGS)[number];

const NOTICE_TITLE_MAX = 100;
const NOTICE_MESSAGE_MAX = 4000;

// xss is CommonJS: its module.exports (the default import everywhere: Vite, esbuild, the test
// runner's loader) is a function that also carries FilterXSS and the escapers; named imports of it
// resolve in some loaders and not in others, so they are read from the default.
const { FilterXSS, escapeAttrValue } = xssDefault as unknown as typeof XssModule;

const filter = new FilterXSS({
  whiteList: { a: ["href"], br: [], p: [], strong: [], em: [] },
  // anything else (script, img, iframe, on* handlers …) is dropped, not shown as text
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "template"],
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href") {
      const href = value.trim();
      return /^https?:\/\/[^\s"'<>]+$/i.test(href) ? `href="${escapeAttrValue(href)}"` : "";
    }
    return undefined;
  },
  // the whitelist already drops every other attribute; nothing more to keep
  onIgnoreTagAttr: () => "",
});

/**
 * The small markup: `[text](https://…)` is a link, a blank line starts a paragraph and a line
 * break stays one. HTML written by hand (the five allowed tags) passes through to the sanitizer.
 */
function fromMarkup(source: string): string {
  const linked = source.replace(
    /\[([^\]\n]{1,200})\]\((https?:\/\/[^\s)]+)\)/gi,
    (_, text: string, href: string) => `<a href="${href}">${text}</a>`,
  );
  const text = linked.replace(/\r\n?/g, "\n").trim();
  if (/<(p|br)\b/i.test(text)) return text;
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${para.replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The HTML a notice's dialog renders: only a, br, p, strong, em; links http(s) only, opened apart. */
export function sanitizeNoticeHtml(source: string): string {
  const clean = filter.process(fromMarkup(source));
  // text comes out escaped (&lt;), so "<a" here is always a tag the sanitizer kept
  return clean.replace(/<a\b/g, '<a rel="noopener noreferrer" target="_blank"');
}

export type NoticeFormError = "title" | "message" | "sizing" | "startsAt" | "endsAt" | "window";

export interface NoticeInput {
  title: string;
  messageSource: string;
  messageHtml: string;
  sizing: NoticeSizing;
  startsAt: number;
  endsAt: number;
}

/** Reads the operator's form: times are Japan time (datetime-local), the end after the start. */
export function parseNoticeForm(form: {
  title: string;
  message: string;
  sizing: string;
  startsAt: string;
  endsAt: string;
}): { ok: true; value: NoticeInput } | { ok: false; errors: NoticeFormError[] } {
  const errors: NoticeFormError[] = [];
  const title = form.title.trim();
  const message = form.message.trim();
  if (!title || title.length > NOTICE_TITLE_MAX) errors.push("title");
  const messageHtml = message && message.length <= NOTICE_MESSAGE_MAX ? sanitizeNoticeHtml(message) : "";
  // a message that sanitizes to nothing (only a script, say) says nothing
  if (!messageHtml.replace(/<[^>]*>/g, "").trim()) errors.push("message");
  const sizing = (NOTICE_SIZINGS as readonly string[]).includes(form.sizing) ? (form.sizing as NoticeSizing) : null;
  if (!sizing) errors.push("sizing");
  const startsAt = parseJstInput(form.startsAt);
  const endsAt = parseJstInput(form.endsAt);
  if (startsAt === null) errors.push("startsAt");
  if (endsAt === null) errors.push("endsAt");
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) errors.push("window");
  if (errors.length || !sizing || startsAt === null || endsAt === null) return { ok: false, errors };
  return { ok: true, value: { title, messageSource: message, messageHtml, sizing, startsAt, endsAt } };
}

/** A notice's showing window, in epoch ms. */
export interface NoticeWindow {
  startsAt: number;
  endsAt: number;
}

/** Whether a notice shows at `now`: from its start (inclusive) to its end (exclusive). */
export function noticeIsLive(notice: NoticeWindow, now: number): boolean {
  return notice.startsAt <= now && now < notice.endsAt;
}

/** Notice ids a visitor dismissed, from their cookie ("12.15"); junk is ignored. */
export function parseDismissedCookie(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(".")
    .filter((s) => /^\d{1,12}$/.test(s))
    .map(Number)
    .slice(-50);
}

/** The cookie value after dismissing `id`: the latest 50 ids, enough for years of notices. */
export function addDismissed(value: string | undefined, id: number): string {
  const ids = parseDismissedCookie(value).filter((x) => x !== id);
  ids.push(id);
  return ids.slice(-50).join(".");
}

/** The visitors' cookie of dismissed notice ids (per brand host). */
export const NOTICE_DISMISSED_COOKIE = "notices_seen";
