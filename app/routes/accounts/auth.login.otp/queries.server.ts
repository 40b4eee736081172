import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client";
import { users } from "../../../../db/schema";

/** The e-mail address the sign-in lock counts failures under for this person (null without one). */
export async function signInEmail(db: Db, userId: number): Promise<string | null> {
  const user = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  return user?.email ?? null;
}
