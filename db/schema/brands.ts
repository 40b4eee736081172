import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, serialId, timestamp } from "./columns";

// Brands (services) and the help desk's inquiries; the job machinery's bookkeeping lives in jobs.ts.

/**
 * Brands. The Host header picks one on every request. `frontUrl` is the brand's public origin
 * (scheme, host and port) exactly as links and redirects use it.
 */
export const services = sqliteTable(
  "services",
  {
    id: integer("id").primaryKey(),
    domain: text("domain").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["official", "indies"] }).notNull(),
    cssClass: text("css_class").notNull(),
    /** brand colour as #rrggbb; the theme is derived from it so a new brand needs no deploy */
    themeColor: text("theme_color").notNull().default("#e4007f"),
    frontUrl: text("front_url").notNull(),
    requireOpenRequest: integer("require_open_request", { mode: "boolean" }).notNull().default(false),
    requireBasic: integer("require_basic", { mode: "boolean" }).notNull().default(false),
    logo: text("logo").notNull(),
    fullLogo: text("full_logo").notNull(),
    ogp: text("ogp").notNull(),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("services_domain_unique").on(t.domain),
    // at most one primary brand: the fallback for hosts that serve none
    uniqueIndex("services_one_primary")
      .on(t.isPrimary)
      .where(sql`${t.isPrimary} = 1`),
    // D1 caps GLOB pattern length, so "#rrggbb" is checked in parts
    check(
      "services_theme_color_hex",
      sql`length(${t.themeColor}) = 7 AND substr(${t.themeColor}, 1, 1) = '#' AND lower(substr(${t.themeColor}, 2)) NOT GLOB '*[^0-9a-f]*'`,
    ),
  ],
);

/** Messages sent from /help/inquiry; staff answer them by e-mail. */
export const inquiries = sqliteTable(
  "inquiries",
  {
    id: serialId(),
    serviceId: integer("service_id").references(() => services.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category", {
      enum: ["account", "payment", "fanclub", "creator", "bug", "other"],
    }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    locale: text("locale").notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
  },
  (t) => [index("inquiries_status_created").on(t.status, t.createdAt)],
);

export type ServiceRow = typeof services.$inferSelect;
export type InquiryRow = typeof inquiries.$inferSelect;
