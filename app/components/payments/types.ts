import type { PlanGrade } from "../../../server/domain/plan-grade";
import type { PlanQuote } from "../../../server/domain/plan-change";
import type { CartItemView } from "../../../server/services/cart-items/kind";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import type { PaymentType } from "../../../server/domain/coin-payment";
import type { ItemPageNumber } from "./item-pages";

/** GET /fanclubs/{id}/plans, one plan (spec §3 Plan with the viewer's quote). */
export interface PlanJson {
  id: number;
  name: string;
  price: number;
  description: string;
  iconImageUrl: string | null;
  isJoinLimit: boolean;
  isCloseApplied: boolean;
  disabledAt: number | null;
  planGrade: PlanGrade;
  fanclubName: string;
  expiresIn: number | null;
  expiresInNext: number | null;
  quote: PlanQuote | null;
}

export interface PlansInfo {
  plans: PlanJson[];
  joining_plan_id: number | null;
}

/** GET /me/carts. */
export interface CartPayload {
  carts: CartItemView[];
  cartVersion: number;
  total: number;
  coinBalance: number;
  card: { brand: string; last4: string } | null;
  useCoinSubscription: boolean;
  minCardAmount: number;
}

export interface MembershipJson {
  planId: number;
  memberNumber: number;
  status: "active" | "unpaid";
  joinedAt: number;
  paidThrough: string | null;
  nextRenewalAt: number | null;
  payments: Array<{ month: string; amount: number; kind: "join" | "upgrade" | "renewal" | "subscribe"; planName: string; paidAt: number }>;
}

export type PurchaseResponse =
  | { purchase: PurchaseSummary; replayed: boolean }
  | { requiresAction: { provider: "stripe" | "sandbox"; clientSecret: string; publishableKey: string | null } };

/** Where the modal opens (spec §4 modal options: currentPage, currentPlan, paymentType, coinPayment). */
export type PaymentModalStart =
  | { kind: "plan"; fanclubId: number; planId: number }
  | { kind: "expired" }
  | { kind: "resume"; page: 2 | 3; paymentType: PaymentType | null; coinPayment: string }
  /** a page of ./item-pages.tsx for one thing to buy (10 live ticket, 50 product, 60 tip, 70 raffle) */
  | { kind: "item"; page: ItemPageNumber; id: number };

/** Query parameters that open the modal; all are removed when it closes. */
export const PAYMENT_QUERY = ["plan", "payExpired", "paymentPage", "paymentType", "coinPayment"] as const;
