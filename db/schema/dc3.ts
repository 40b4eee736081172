import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { serialId, timestamps } from "./columns";
import { fanclubs, plans } from "./fanclubs";
import { postFiles } from "./posts";

// DC3 contents (spec §5 "DC3 content: one file", docs/decisions/045)
//
// A fan club's downloadable item: exactly one uploaded file (a `post_files` row of kind `dc3`,
// stored through the same multipart upload path as post files), a title, a description and who
// may download it: members of any plan, or members of the chosen plans.

export const DC3_AUDIENCES = ["members", "plans"] as const;

export const dc3Contents = sqliteTable(
  "dc3_contents",
  {
    id: serialId(),
    fanclubId: integer("fanclub_id")
      .notNull()
      .references(() => fanclubs.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** members: any current member; plans: members of the plans in dc3_content_plans */
    audience: text("audience", { enum: DC3_AUDIENCES }).notNull().default("members"),
    /** the one file; UNIQUE, so a file belongs to one item and is freed with it */
    fileId: integer("file_id")
      .notNull()
      .references(() => postFiles.id),
    ...timestamps(),
  },
  (t) => [index("dc3_contents_fanclub").on(t.fanclubId, t.id), uniqueIndex("dc3_contents_file_unique").on(t.fileId)],
);

/** The plans whose members may download an item whose audience is `plans`. */
export const dc3ContentPlans = sqliteTable(
  "dc3_content_plans",
  {
    contentId: integer("content_id")
      .notNull()
      .references(() => dc3Contents.id),
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.planId] })],
);
