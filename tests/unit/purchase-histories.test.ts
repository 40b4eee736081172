import { describe, expect, it } from "vitest";
import { CREATOR_PURCHASE_TABS, FAN_HISTORY_TABS, paidWith, parseHistoryCursor } from "../../server/domain/purchase-histories";

describe("purchase histories", () => {
  it("names how a payment was made from the coin and card amounts", () => {
    expect(paidWith(300, 700)).toBe("coinsAndCard");
    expect(paidWith(1000, 0)).toBe("coins");
    expect(paidWith(0, 1000)).toBe("card");
    expect(paidWith(0, 0)).toBe("free");
  });

  it("pages only on a positive whole id; anything else is the first page", () => {
    expect(parseHistoryCursor("42")).toBe(42);
    for (const raw of [null, "", "0", "-1", "1.5", "abc", "01", "1".repeat(16)]) expect(parseHistoryCursor(raw)).toBeNull();
  });

  it("has the spec's children as tabs (the index is plans)", () => {
    expect([...FAN_HISTORY_TABS].sort()).toEqual(["", "lesson_reservation", "live_event_tickets", "products", "raffles", "tippings"]);
    expect([...CREATOR_PURCHASE_TABS].sort()).toEqual(["live_events", "products", "raffles"]);
  });
});
