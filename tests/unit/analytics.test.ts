import { describe, expect, it } from "vitest";
import { PAGE_VIEW_DELAY_MS, purchaseEvent, purchaseTransactionId } from "../../server/domain/analytics";

describe("analytics hooks (spec §4, §9)", () => {
  it("builds the transaction id from the campaign cookie, the user token and the time", () => {
    expect(purchaseTransactionId("spring2026", "u_abc123", 1_780_000_000_000)).toBe("spring2026-u_abc123-1780000000000");
    expect(purchaseTransactionId(null, "u_abc123", 5)).toBe("none-u_abc123-5");
    // a crafted cookie cannot add separators or markup
    expect(purchaseTransactionId('<x>-"y"', "tok", 5)).toBe("x-y-tok-5");
  });
  it("pushes a purchase only when something was paid", () => {
    expect(purchaseEvent({ campaign: null, userToken: "t", now: 1, total: 0, items: [] })).toBeNull();
    expect(purchaseEvent({ campaign: "c", userToken: "t", now: 1, total: 500, items: [{ type: "plan", targetType: "Plan" }] })).toEqual({
      event: "purchase",
      ecommerce: { transaction_id: "c-t-1", currency: "JPY", value: 500, items: [{ item_category: "Plan" }] },
    });
  });
  it("waits 250 ms after a navigation before the page view", () => {
    expect(PAGE_VIEW_DELAY_MS).toBe(250);
  });
});
