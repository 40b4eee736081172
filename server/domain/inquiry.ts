import { z } from "zod";

/** Limits of the help-centre inquiry form. */
export const INQUIRY_LIMITS = { name: 50, email: 254, subject: 100, body: 2000 } as const;
export const INQUIRY_CATEGORIES = ["account", "payment", "fanclub", "creator", "bug", "other"] as const;

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * One schema for the inquiry form: the Remix action, the browser and POST /api/v1/help/inquiry
 * all validate with it. Messages are the spec §5 texts in the reader's language.
 */
export function inquirySchema(t: T) {
  const required = (field: string) => t("validation.required", { field: t(`help:inquiry.fields.${field}`) });
  const text = (field: keyof typeof INQUIRY_LIMITS) =>
    z
      .string({ required_error: required(field) })
      .trim()
      .min(1, required(field))
      .max(INQUIRY_LIMITS[field], t("validation.maxLength", { max: INQUIRY_LIMITS[field] }));
  return z.object({
    name: text("name"),
    email: text("email").pipe(z.string().email(t("validation.email"))),
    category: z.enum(INQUIRY_CATEGORIES, {
      errorMap: (issue) => ({
        message: issue.code === "invalid_type" ? required("category") : t("validation.choice"),
      }),
    }),
    subject: text("subject"),
    body: text("body"),
  });
}

export type InquiryInput = z.infer<ReturnType<typeof inquirySchema>>;
