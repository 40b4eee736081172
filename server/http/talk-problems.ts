import type { TFunction } from "../i18n";
import type { TalkProblem } from "../services/talk-actions";

/** A refused talk write as the reader's sentence; a field name among the values is itself a key. */
export function talkProblemMessage(t: TFunction, problem: TalkProblem): string {
  const values: Record<string, string | number> = { ...problem.values };
  if (typeof values.field === "string") values.field = t(values.field);
  return t(problem.key, values);
}
