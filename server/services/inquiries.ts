import type { Db } from "../../db/client";
import { inquiries } from "../../db/schema";
import type { InquiryInput } from "../domain/inquiry";

/** Stores an inquiry for staff. Validation happened before, with the shared schema. */
export async function createInquiry(
  db: Db,
  input: InquiryInput,
  meta: { serviceId: number | null; locale: string; now: Date },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(inquiries)
    .values({
      serviceId: meta.serviceId,
      name: input.name,
      email: input.email,
      category: input.category,
      subject: input.subject,
      body: input.body,
      locale: meta.locale,
      createdAt: meta.now,
    })
    .returning({ id: inquiries.id });
  if (!row) throw new Error("inquiry insert returned no row");
  return row;
}
