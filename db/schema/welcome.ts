import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./accounts";

// The welcome page of new accounts (spec §2 "welcome page"): shown once, after sign-up.

/**
 * An account whose welcome page is still due: written when the sign-up's e-mail address is
 * confirmed, deleted by the one render of /welcome that consumes it. A delete that returns the
 * row is what makes the page show once even when two tabs ask at the same moment.
 */
export const welcomePending = sqliteTable("welcome_pending", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  createdAt: createdAt(),
});
