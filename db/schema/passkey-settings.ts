import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { timestamp } from "./columns";

/**
 * Whether an account allows signing in with its passkeys (spec §7 "webauthn enable"). An account
 * without a row allows it: passkeys worked before the switch existed, so only an explicit "off"
 * is stored.
 */
export const passkeySettings = sqliteTable("passkey_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  signInEnabled: integer("sign_in_enabled", { mode: "boolean" }).notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});
