import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fanMarkDeliveries, fanclubMarkSettings, users } from "../../db/schema";
import { MARK_GRID, detectFan, type Rgba } from "../domain/fan-mark";
import { decodeJpeg, fanCodeFor, markKeyFor } from "../media/fan-marks";

/**
 * The creator's leak trace (docs/decisions/042): a suspect picture is tested against the marks of
 * every fan who received the fan club's marked images. The picture lives in memory for the
 * request only; nothing of it is written anywhere.
 */

export type TraceResult =
  | { kind: "found"; userId: number; name: string; fanCode: string; confidence: number; z: number; candidates: number }
  | { kind: "notFound"; candidates: number }
  | { kind: "unreadable" }
  | { kind: "tooSmall" };

export async function traceLeak(db: Db, input: { secret: string; fanclubId: number; bytes: Uint8Array }): Promise<TraceResult> {
  let img: Rgba;
  try {
    img = decodeJpeg(input.bytes);
  } catch {
    return { kind: "unreadable" };
  }
  if (img.width < MARK_GRID || img.height < MARK_GRID) return { kind: "tooSmall" };
  const rows = await db
    .select({ userId: fanMarkDeliveries.userId })
    .from(fanMarkDeliveries)
    .where(eq(fanMarkDeliveries.fanclubId, input.fanclubId));
  const candidates = rows.map((r) => r.userId);
  const match = detectFan(img, await markKeyFor(input.secret, input.fanclubId), candidates);
  if (!match) return { kind: "notFound", candidates: candidates.length };
  const [person] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [match.fanId]));
  return {
    kind: "found",
    userId: match.fanId,
    name: person?.name ?? `#${match.fanId}`,
    fanCode: await fanCodeFor(input.secret, input.fanclubId, match.fanId),
    confidence: match.confidence,
    z: match.z,
    candidates: candidates.length,
  };
}

export async function markSettingsOf(db: Db, fanclubId: number): Promise<{ visibleMark: boolean }> {
  const row = await db
    .select({ visibleMark: fanclubMarkSettings.visibleMark })
    .from(fanclubMarkSettings)
    .where(eq(fanclubMarkSettings.fanclubId, fanclubId))
    .get();
  return { visibleMark: row?.visibleMark ?? false };
}

export async function saveMarkSettings(db: Db, fanclubId: number, visibleMark: boolean, now: number): Promise<void> {
  await db
    .insert(fanclubMarkSettings)
    .values({ fanclubId, visibleMark, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: fanclubMarkSettings.fanclubId, set: { visibleMark, updatedAt: new Date(now) } });
}
