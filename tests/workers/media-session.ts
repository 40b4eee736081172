import { mediaSubject } from "../../server/domain/media-session";
import { sha256Hex } from "../../server/security/crypto";
import type { TestBrowser } from "./browser";

/** What a media URL minted for this browser's session is bound to (docs/decisions/042). */
export async function mediaSubjectOf(b: TestBrowser, userId: number, hostname = "www.fanclub.localhost"): Promise<string> {
  const sid = b.cookie("sid", hostname)?.value;
  if (!sid) throw new Error("the browser has no session on that host");
  return mediaSubject(userId, await sha256Hex(sid));
}
