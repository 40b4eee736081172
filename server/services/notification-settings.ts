import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationSettings } from "../../db/schema";

/**
 * E-mail notification preferences. A person without a row has never changed anything and gets
 * the column defaults of db/schema/settings.ts; the row is written on the first save. Code that sends an
 * e-mail asks `getNotificationSettings` (or applies `notificationDefaults` to a row it read).
 */

/** The preferences in the order the settings page shows them. */
export const NOTIFICATION_PREFERENCES = ["emailNewPost", "emailMessage", "emailPlanRenewal", "emailPurchase", "emailNews"] as const;
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number];
export type NotificationPreferences = Record<NotificationPreference, boolean>;

/**
 * The preferences of someone who never saved any. Read from the schema's column defaults rather
 * than repeated here, so a default changed in db/schema/settings.ts cannot drift from what pages show.
 */
export function notificationDefaults(): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const key of NOTIFICATION_PREFERENCES) out[key] = notificationSettings[key].default === true;
  return out;
}

/** Defaults applied over a stored row (or none). */
export function withNotificationDefaults(row: Partial<NotificationPreferences> | null | undefined): NotificationPreferences {
  const out = notificationDefaults();
  if (!row) return out;
  for (const key of NOTIFICATION_PREFERENCES) {
    const value = row[key];
    if (typeof value === "boolean") out[key] = value;
  }
  return out;
}

export async function getNotificationSettings(db: Db, userId: number): Promise<NotificationPreferences> {
  const row = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)).get();
  return withNotificationDefaults(row);
}

/** Stores all five choices at once: the first save inserts the row, later ones update it. */
export async function saveNotificationSettings(db: Db, userId: number, preferences: NotificationPreferences, now: number): Promise<void> {
  const values = { ...preferences, updatedAt: new Date(now) };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values })
    .run();
}

/**
 * Reads the form: an HTML checkbox sends its name only when ticked, so a missing name means off.
 * Names other than the five are ignored.
 */
export function preferencesFromForm(form: FormData): NotificationPreferences {
  const out = {} as NotificationPreferences;
  for (const key of NOTIFICATION_PREFERENCES) out[key] = form.has(key);
  return out;
}
