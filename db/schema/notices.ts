import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp } from "./columns";
import { users } from "./accounts";
import { services } from "./brands";

// Operator notices (spec §2 admin dialog, decision 041): a message the platform staff show once
// as a dialog to everybody on one brand during a time window, and who has dismissed it.

export const operatorNotices = sqliteTable(
  "operator_notices",
  {
    id: serialId(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => services.id),
    title: text("title").notNull(),
    /** what the operator typed, kept for editing and audit */
    messageSource: text("message_source").notNull(),
    /** the sanitized HTML the dialog renders (only a, br, p, strong, em; http(s) links) */
    messageHtml: text("message_html").notNull(),
    sizing: text("sizing", { enum: ["small", "medium", "large"] }).notNull(),
    startsAt: timestamp("starts_at").notNull(),
    endsAt: timestamp("ends_at").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("operator_notices_service_window_idx").on(t.serviceId, t.endsAt)],
);

export const operatorNoticeDismissals = sqliteTable(
  "operator_notice_dismissals",
  {
    noticeId: integer("notice_id")
      .notNull()
      .references(() => operatorNotices.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    dismissedAt: timestamp("dismissed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
