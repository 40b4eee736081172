import { z } from "zod";
import { parseJstInput } from "./jst-time";

/**
 * A form field for a date and time in Japan (`yyyy-MM-ddTHH:mm`, as a datetime-local input sends
 * it): the instant in ms, or `message` as the field's error when the value is missing or names no
 * real time. Kept apart from jst-time.ts, which pages load for formatting, so zod stays out of
 * their chunk.
 */
export function jstDateTimeField(message: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const ms = parseJstInput(v ?? "");
      if (ms === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return ms;
    });
}
