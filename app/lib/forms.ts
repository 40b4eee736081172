import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z, ZodTypeAny } from "zod";

/**
 * A conform form checked in the browser with the same zod schema the action uses on the server:
 * errors show when a field is left, and clear as soon as the input is fixed.
 */
export function useZodForm<S extends ZodTypeAny>(
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: { id?: string } = {},
) {
  return useForm<z.input<S>>({
    id: options.id,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
