import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { welcomePending } from "../../db/schema";

/**
 * The welcome page is due once per new account: the confirmation of the sign-up's address marks
 * it due (in the confirmation's own batch), and the first render of /welcome takes the mark.
 */
export function welcomeDueStatement(db: Db, userId: number, now: number) {
  return db
    .insert(welcomePending)
    .values({ userId, createdAt: new Date(now) })
    .onConflictDoNothing();
}

/** True exactly once per account: the delete that returns the row is the one that shows the page. */
export async function takeWelcome(db: Db, userId: number): Promise<boolean> {
  const rows = await db.delete(welcomePending).where(eq(welcomePending.userId, userId)).returning({ userId: welcomePending.userId });
  return rows.length > 0;
}
