import { emails, linkApplications, passkeys, userAddresses, users } from "../../db/schema";
import { defined, factoryDb, type Fields, unique } from "./db";

/**
 * A person made directly in D1, for tests whose subject is not signing up (that flow has its own
 * tests through the pages). No e-mail, password or session unless given.
 */
export async function createUser(d1: D1Database, fields: Fields<typeof users.$inferInsert> = {}) {
  const now = new Date();
  const token = fields.identifyToken ?? unique("user-");
  return factoryDb(d1)
    .insert(users)
    .values({ name: "テストユーザー", identifyToken: token, termsAcceptedAt: now, createdAt: now, updatedAt: now, ...defined(fields) })
    .returning()
    .get();
}

export async function createPasskey(d1: D1Database, fields: Fields<typeof passkeys.$inferInsert, "userId">) {
  return factoryDb(d1)
    .insert(passkeys)
    .values({ id: unique("cred-"), publicKey: "AA", name: "key", createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

/** A row of the e-mail outbox (pending unless told otherwise). */
export async function createEmail(d1: D1Database, fields: Fields<typeof emails.$inferInsert> = {}) {
  return factoryDb(d1)
    .insert(emails)
    .values({
      toAddress: "a@example.com",
      template: "confirm",
      locale: "ja",
      subject: "s",
      textBody: "b",
      createdAt: new Date(),
      ...defined(fields),
    })
    .returning()
    .get();
}

export async function createLinkApplication(d1: D1Database, fields: Fields<typeof linkApplications.$inferInsert, "userId">) {
  return factoryDb(d1)
    .insert(linkApplications)
    .values({ kind: "other", url: "https://example.com/", createdAt: new Date(), ...defined(fields) })
    .returning()
    .get();
}

/** A delivery address in Tokyo, the person's default unless told otherwise. */
export async function createAddress(d1: D1Database, fields: Fields<typeof userAddresses.$inferInsert, "userId">) {
  const now = new Date();
  return factoryDb(d1)
    .insert(userAddresses)
    .values({
      lastName: "山田",
      firstName: "花子",
      postalCode: "1500001",
      prefecture: "東京都",
      city: "渋谷区",
      street: "神宮前1-2-3",
      building: null,
      phone: "0312345678",
      isDefault: true,
      createdAt: now,
      updatedAt: now,
      ...defined(fields),
    })
    .returning()
    .get();
}
