import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * FTS5 virtual tables, described for drizzle's query builder only. They are created by hand-written
 * migrations (drizzle-kit cannot express virtual tables), so this file is deliberately outside
 * `db/schema/`, which drizzle-kit diffs (drizzle.config.ts).
 */
export const fanclubSearch = sqliteTable("fanclub_search", {
  /** the fan club's id */
  rowid: integer("rowid").primaryKey(),
  name: text("name").notNull(),
  creatorName: text("creator_name").notNull(),
  /** tags joined by spaces */
  tags: text("tags").notNull(),
  description: text("description").notNull(),
});
