import { describe, expect, it } from "vitest";
import { canJoinPlan, planChoiceAction, planGrade, type PlanGrade } from "../../server/domain/plan-grade";

describe("planGrade (spec §4)", () => {
  const table: [string, { planId: number; price: number } | null, { planId: number; price: number }, PlanGrade][] = [
    ["no current plan", null, { planId: 2, price: 500 }, "noJoin"],
    ["no current plan, free plan chosen", null, { planId: 2, price: 0 }, "noJoin"],
    ["current price above the selected one", { planId: 1, price: 1000 }, { planId: 2, price: 500 }, "downgrade"],
    ["from a paid plan to the free plan", { planId: 1, price: 300 }, { planId: 2, price: 0 }, "downgrade"],
    ["current price below the selected one", { planId: 1, price: 500 }, { planId: 2, price: 1000 }, "upgrade"],
    ["from the free plan to a paid plan", { planId: 1, price: 0 }, { planId: 2, price: 100 }, "upgrade"],
    ["another plan at the same price", { planId: 1, price: 500 }, { planId: 2, price: 500 }, "upgrade"],
    ["the plan already held", { planId: 1, price: 500 }, { planId: 1, price: 500 }, "current"],
  ];
  it.each(table)("%s", (_name, current, selected, grade) => {
    expect(planGrade(current, selected)).toBe(grade);
  });
});

describe("planChoiceAction (spec §4)", () => {
  it("adds a join cart for noJoin and an upgrade cart for upgrade, then page 2", () => {
    expect(planChoiceAction("noJoin")).toEqual({ action: "addCart", targetType: "join_plan_type", nextPage: 2 });
    expect(planChoiceAction("upgrade")).toEqual({ action: "addCart", targetType: "upgrade_plan_type", nextPage: 2 });
  });

  it("posts a downgrade directly, with no cart", () => {
    expect(planChoiceAction("downgrade")).toEqual({ action: "downgrade" });
  });

  it("shows the payment history for the current plan", () => {
    expect(planChoiceAction("current")).toEqual({ action: "paymentHistory", nextPage: 30 });
  });
});

describe("canJoinPlan", () => {
  it("refuses a disabled plan or one whose closing was applied", () => {
    expect(canJoinPlan({ disabledAt: null, isCloseApplied: false })).toBe(true);
    expect(canJoinPlan({ disabledAt: Date.parse("2024-01-01T00:00:00Z"), isCloseApplied: false })).toBe(false);
    expect(canJoinPlan({ disabledAt: null, isCloseApplied: true })).toBe(false);
    expect(canJoinPlan({ disabledAt: 0, isCloseApplied: true })).toBe(false);
  });
});
