import { describe, expect, it, vi } from "vitest";
import { createTranslator } from "../../server/i18n/setup";
import { resources } from "../../locales";
import * as rules from "../../server/domain/fanclub-rules";
import { planSchema } from "../../server/domain/fanclub-profile";

// The plan form must ask the tested rule, not a copy of its bounds: with the rule swapped out
// for this file, the form's verdict follows the swap.
vi.mock("../../server/domain/fanclub-rules", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../server/domain/fanclub-rules")>();
  return { ...original, isValidPlanPrice: vi.fn(original.isValidPlanPrice) };
});

const t = createTranslator({ locale: "ja", resources: resources.ja, fallback: resources.ja });
const priceIssue = (price: string) =>
  planSchema(t)
    .safeParse({ price })
    .error?.issues.find((i) => i.path[0] === "price");

describe("plan prices are judged by isValidPlanPrice", () => {
  it("asks the rule with the parsed yen", () => {
    const rule = vi.mocked(rules.isValidPlanPrice);
    rule.mockClear();
    expect(priceIssue("1,500")).toBeUndefined();
    expect(rule).toHaveBeenCalledWith(1500);
  });

  it("follows the rule's verdict", () => {
    const rule = vi.mocked(rules.isValidPlanPrice);
    rule.mockReturnValueOnce(false);
    expect(priceIssue("500")?.message).toContain("100");
    rule.mockReturnValueOnce(true);
    expect(priceIssue("99")).toBeUndefined();
  });
});
