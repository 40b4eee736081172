import ical from "ical-generator";
import type { CalendarEntry } from "./schedules";

/**
 * The iCalendar text of a fan club's feed (RFC 5545, written by ical-generator). Times go out in
 * UTC: every calendar app shows them in its own zone, and Japan time needs no VTIMEZONE then. Each
 * event keeps a stable UID (entry or live event id and the brand's host), so an app that refreshes
 * updates its copy instead of adding a second one.
 */
export function scheduleFeedText(input: {
  fanclub: { id: number; name: string };
  frontUrl: string;
  host: string;
  entries: readonly CalendarEntry[];
  now: number;
}): string {
  const calendar = ical({
    name: input.fanclub.name,
    prodId: { company: input.host, product: "fanclub-schedules", language: "JA" },
    url: `${input.frontUrl}/fanclubs/${input.fanclub.id}/schedules`,
    // calendar apps that honour it refresh hourly
    ttl: 3600,
  });
  // a members-only entry the feed may not show is left out, not teased: a calendar app has no join button
  for (const e of input.entries.filter((entry) => !entry.locked)) {
    calendar.createEvent({
      id: `${e.kind}-${e.id}@${input.host}`,
      start: new Date(e.startAt),
      end: new Date(e.endAt),
      stamp: new Date(input.now),
      lastModified: new Date(e.updatedAt),
      summary: e.title,
      description: e.description || null,
      url: e.href ? `${input.frontUrl}${e.href}` : null,
    });
  }
  return calendar.toString();
}
