import { describe, expect, it } from "vitest";
import { jstDateTimeField } from "../../server/domain/form-fields";

describe("jstDateTimeField", () => {
  const field = jstDateTimeField("日時を正しく入力してください。");

  it("reads a datetime-local value as that wall-clock time in Japan", () => {
    expect(field.parse("2026-12-01T00:00")).toBe(Date.UTC(2026, 10, 30, 15, 0));
    expect(field.parse("2026/12/01 09:30")).toBe(Date.UTC(2026, 11, 1, 0, 30));
  });

  it("answers the field's own message for a missing, malformed or impossible time", () => {
    for (const bad of [undefined, "", "tomorrow", "2026-02-30T10:00", "2026-12-01T24:30"]) {
      const result = field.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("日時を正しく入力してください。");
    }
  });
});
