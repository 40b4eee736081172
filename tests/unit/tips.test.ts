import { describe, expect, it } from "vitest";
import { MIN_CARD_PART_YEN } from "../../server/domain/purchase";
import {
  messageLength,
  normalizeTipMessage,
  parseTipAmount,
  TIP_MAX_YEN,
  TIP_MESSAGE_MAX,
  TIP_MIN_YEN,
  TIP_PRESETS_YEN,
  tipKey,
  tipRefusal,
  tipTotals,
} from "../../server/domain/tips";

describe("tip amounts (decision 020)", () => {
  it("accepts whole yen from the minimum to the maximum, as numbers or digit strings", () => {
    expect(parseTipAmount(TIP_MIN_YEN)).toEqual({ ok: true, amount: 100 });
    expect(parseTipAmount(TIP_MAX_YEN)).toEqual({ ok: true, amount: 100_000 });
    expect(parseTipAmount(" 1500 ")).toEqual({ ok: true, amount: 1500 });
  });

  it.each([99, 100_001, 0, -500, 150.5, Number.NaN, "1e3", "１０００", "", "500円", null, undefined, true])("refuses %s", (raw) => {
    expect(parseTipAmount(raw)).toEqual({ ok: false, problem: "invalidAmount" });
  });

  it("every preset is a valid amount, and the smallest tip can be paid by card alone", () => {
    for (const preset of TIP_PRESETS_YEN) expect(parseTipAmount(preset).ok).toBe(true);
    expect(TIP_MIN_YEN).toBeGreaterThanOrEqual(MIN_CARD_PART_YEN);
  });
});

describe("tip messages", () => {
  it("trims, and an empty message is none", () => {
    expect(normalizeTipMessage("  応援しています！ \n")).toEqual({ ok: true, message: "応援しています！" });
    expect(normalizeTipMessage("   ")).toEqual({ ok: true, message: null });
    expect(normalizeTipMessage(undefined)).toEqual({ ok: true, message: null });
    expect(normalizeTipMessage("a\r\nb")).toEqual({ ok: true, message: "a\nb" });
  });

  it("counts characters as people do (an emoji is one) and refuses a longer message instead of cutting it", () => {
    expect(messageLength("🎉🎉")).toBe(2);
    expect(normalizeTipMessage("🎉".repeat(TIP_MESSAGE_MAX))).toEqual({ ok: true, message: "🎉".repeat(TIP_MESSAGE_MAX) });
    expect(normalizeTipMessage("あ".repeat(TIP_MESSAGE_MAX + 1))).toEqual({ ok: false, problem: "messageTooLong" });
  });
});

describe("who may tip", () => {
  const post = { allowTipping: true, canView: true, isGroupPost: false };
  it("a fan who can see a post that allows tipping, or any fan club they do not run", () => {
    expect(tipRefusal({ manages: false, blocked: false, post })).toBeNull();
    expect(tipRefusal({ manages: false, blocked: false, post: null })).toBeNull();
  });

  it("not the fan club's owner or editors, and not a blocked fan", () => {
    expect(tipRefusal({ manages: true, blocked: false, post })).toBe("invalidItem");
    expect(tipRefusal({ manages: true, blocked: false, post: null })).toBe("invalidItem");
    expect(tipRefusal({ manages: false, blocked: true, post: null })).toBe("invalidItem");
  });

  it("not a post without allowTipping, a group announcement, or a post the fan cannot see", () => {
    expect(tipRefusal({ manages: false, blocked: false, post: { ...post, allowTipping: false } })).toBe("tippingClosed");
    expect(tipRefusal({ manages: false, blocked: false, post: { ...post, isGroupPost: true } })).toBe("tippingClosed");
    expect(tipRefusal({ manages: false, blocked: false, post: { ...post, canView: false } })).toBe("tippingClosed");
  });
});

describe("tip keys and totals", () => {
  it("derives one key per purchase line", () => {
    expect(tipKey("purchase:3:7", "post_tipping", 100102)).toBe("purchase:3:7:tip:post_tipping:100102");
    expect(tipKey("purchase:3:7", "fanclub_tipping", 101)).not.toBe(tipKey("purchase:3:8", "fanclub_tipping", 101));
  });

  it("sums amounts", () => {
    expect(tipTotals([])).toEqual({ count: 0, total: 0 });
    expect(tipTotals([{ amount: 300 }, { amount: 1000 }])).toEqual({ count: 2, total: 1300 });
  });
});
