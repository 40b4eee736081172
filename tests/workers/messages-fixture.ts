import { env } from "cloudflare:test";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertFanclub, insertPlan } from "./fanclub-fixture";

/** A fan club with an owner and a plan on the www brand, and a fan who has not written yet. */
export async function messagesWorld(prefix: string) {
  const owner = await confirmedAccount({ name: "オーナー", prefix: `${prefix}o` });
  const fanclubName = `星空ミュージック${prefix}`;
  const fanclubId = await insertFanclub(owner.id, { name: fanclubName });
  const planId = await insertPlan(fanclubId, { name: "ゴールドプラン" });
  const fan = await confirmedAccount({ name: `みなみ${prefix}`, prefix: `${prefix}f` });
  return { owner, fanclubId, fanclubName, planId, fan };
}

/** A multipart form post, as a browser sends a form with a file field, with this page's Origin. */
export function postMultipart(
  b: TestBrowser,
  href: string,
  fields: Record<string, string>,
  image?: { bytes: Uint8Array; type: string; name: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set("image", new File([new Uint8Array(image.bytes)], image.name, { type: image.type }));
  return b.request(href, { method: "POST", body: form, headers: { origin: new URL(href).origin } });
}

/** The fan's first message to a fan club (from the fan club page's button). */
export function fanWritesNew(b: TestBrowser, fanclubId: number, body: string, image?: { bytes: Uint8Array; type: string; name: string }) {
  return postMultipart(b, at(hosts.user, `/me/messages/new?fanclub=${fanclubId}`), { body }, image);
}

/** A message into an existing thread, from the fan's page or the fan club's. */
export function writeInThread(
  b: TestBrowser,
  side: "fan" | "club",
  threadId: number,
  body: string,
  image?: { bytes: Uint8Array; type: string; name: string },
) {
  const href = side === "fan" ? at(hosts.user, `/me/messages/${threadId}`) : at(hosts.www, `/me/fanclub/messages/${threadId}`);
  return postMultipart(b, href, { intent: "send", body }, image);
}

/** The thread id a successful send redirected to. */
export function threadIdFrom(res: Response): number {
  const m = /\/messages\/(\d+)$/.exec(res.headers.get("location") ?? "");
  if (res.status !== 302 || !m) throw new Error(`expected a redirect to a thread, got ${res.status} ${res.headers.get("location")}`);
  return Number(m[1]);
}

export async function messageCount(where = "1 = 1", ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM messages WHERE ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Whether the header of a page shows the messages icon's unread mark. */
export async function headerUnread(b: TestBrowser): Promise<boolean> {
  const res = await b.get(at(hosts.user, "/me/settings/notifications"));
  if (res.status !== 200) throw new Error(`settings page answered ${res.status}`);
  const html = await res.text();
  if (!html.includes("header-messages")) throw new Error("the header has no messages icon");
  return html.includes('data-testid="messages-unread-dot"');
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  let crc = 0xffffffff;
  for (const byte of out.subarray(4, 8 + data.length)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  view.setUint32(8 + data.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}

const text = (s: string) => new TextEncoder().encode(s);

/** A 1x1 PNG that carries a text chunk with a place in it (the kind of metadata that must not reach the other side). */
export function pngWithLocation(): Uint8Array {
  const ihdr = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const idat = new Uint8Array([0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0x00, 0x00, 0x03, 0x01, 0x01, 0x00]);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("tEXt", text("Location\0GPS 35.6586N 139.7454E")),
    pngChunk("IDAT", idat),
    pngChunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** A JPEG whose APP1 segment holds EXIF with GPS data, before its (tiny) scan. */
export function jpegWithExif(): Uint8Array {
  const exif = text("Exif\0\0GPSLatitude 35.6586 GPSLongitude 139.7454");
  const app1 = new Uint8Array(4 + exif.length);
  app1.set([0xff, 0xe1, ((exif.length + 2) >> 8) & 0xff, (exif.length + 2) & 0xff]);
  app1.set(exif, 4);
  const jfif = new Uint8Array([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const scan = new Uint8Array([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x12, 0x34, 0xff, 0xd9]);
  const out = new Uint8Array(2 + jfif.length + app1.length + scan.length);
  out.set([0xff, 0xd8]);
  out.set(jfif, 2);
  out.set(app1, 2 + jfif.length);
  out.set(scan, 2 + jfif.length + app1.length);
  return out;
}

export function containsText(bytes: Uint8Array, needle: string): boolean {
  return new TextDecoder("latin1").decode(bytes).includes(needle);
}
