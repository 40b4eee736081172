import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi, type ApiResult } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { pushPurchase } from "~/lib/analytics";
import { useRootData } from "~/lib/root-data";
import "~/styles/payments.css";
import { PAYMENT_TYPE, paymentMethodStep, purchaseKind, type PaymentType } from "../../../server/domain/coin-payment";
import { planChoiceAction } from "../../../server/domain/plan-grade";
import { cardPartProblem } from "../../../server/domain/purchase";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import { itemPage, type ItemPageNumber } from "./item-pages";
import { ConfirmPage } from "./pages/confirm-page";
import { CurrentPlanPage } from "./pages/current-plan-page";
import { DonePage } from "./pages/done-page";
import { ExpiredPage } from "./pages/expired-page";
import { LeavePage } from "./pages/leave-page";
import { MethodPage } from "./pages/method-page";
import { PlanListPage } from "./pages/plan-list-page";
import { PlanPage } from "./pages/plan-page";
import { confirmStripeAction } from "./stripe-action";
import { keepTabInside } from "~/components/feedback/focus-trap";
import {
  PAYMENT_QUERY,
  type CartPayload,
  type MembershipJson,
  type PaymentModalStart,
  type PlanJson,
  type PlansInfo,
  type PurchaseResponse,
} from "./types";

/**
 * The payment modal (spec §4 pages 1, 2, 3, 4, 20, 30, 31, 40, each in ./pages/, and the item
 * pages of ./item-pages.tsx: 10 live ticket, 50 product, 60 tip, 70 raffle entry). This file holds
 * the state and the steps between pages; the pages show it and report the fan's choices. Every
 * money decision is the server's: this shows the quote it gives (yen now, from when, next
 * renewal) and posts the fan's choice; a double click or a retry posts the same cart version,
 * which the server answers with the first result.
 */

// 32: the plan changed or the support stopped, said in the dialog like a join's page 4 (the page
// reloads when it closes, so a toast would be gone before anyone read it)
type Page = 1 | 2 | 3 | 4 | 20 | 30 | 31 | 32 | 40 | ItemPageNumber;

export default function PaymentModal({ start, onClose }: { start: PaymentModalStart; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation("payments");
  const toast = useToast();
  const dialog = useDialog();
  const root = useRootData();
  const links = linkBuilder(root);
  const ref = useRef<HTMLDialogElement>(null);

  const [page, setPage] = useState<Page | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [plans, setPlans] = useState<PlanJson[]>([]);
  const [planId, setPlanId] = useState<number | null>(start.kind === "plan" ? start.planId : null);
  const [membership, setMembership] = useState<MembershipJson | null>(null);
  const [cart, setCart] = useState<CartPayload | null>(null);
  const [paymentType, setPaymentType] = useState<PaymentType | null>(start.kind === "resume" ? start.paymentType : null);
  const [coinInput, setCoinInput] = useState(start.kind === "resume" ? start.coinPayment : "0");
  const [split, setSplit] = useState<{ coins: number; card: number } | null>(null);
  const [balance, setBalance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const refreshingRef = useRef(false);
  const [renewal, setRenewal] = useState<{ alreadyEnabled: boolean; checked: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [done, setDone] = useState<PurchaseSummary | null>(null);
  const [changed, setChanged] = useState<{ kind: "downgraded" | "left"; plan: string } | null>(null);

  const fanclubId = start.kind === "plan" ? start.fanclubId : null;
  const plan = plans.find((p) => p.id === planId) ?? null;
  const current = plans.find((p) => p.planGrade === "current") ?? null;

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);

  /** spec §8 payment API failure: toast payload.message and each message under errors (cart, plan). */
  const showFailure = useCallback(
    (result: ApiResult<unknown>) => {
      const payload = result.payload as { message?: string; errors?: Array<{ message: string; target?: string }> };
      const messages = [
        payload.message,
        ...(payload.errors ?? []).filter((e) => e.target === "cart" || e.target === "plan" || !e.target).map((e) => e.message),
      ];
      const unique = [...new Set(messages.filter((m): m is string => Boolean(m)))];
      if (!unique.length) unique.push(t("errors.generic"));
      for (const message of unique) toast.show(message, "error");
    },
    [t, toast],
  );

  const takeCart = useCallback((payload: CartPayload) => {
    setCart(payload);
    setBalance(payload.coinBalance);
    // spec §4: the coin-for-renewal checkbox is hidden from the start when the fan already has it on
    setRenewal((prev) => prev ?? { alreadyEnabled: payload.useCoinSubscription, checked: payload.useCoinSubscription });
  }, []);

  const loadCart = useCallback(async (): Promise<CartPayload | null> => {
    const result = await callApi<CartPayload>("/me/carts");
    if (!result.success) {
      showFailure(result);
      return null;
    }
    takeCart(result.payload);
    return result.payload;
  }, [showFailure, takeCart]);

  const loadMembership = useCallback(async () => {
    if (fanclubId === null) return;
    const result = await callApi<{ membership: MembershipJson | null }>(`/fanclubs/${fanclubId}/membership`);
    setMembership(result.success ? result.payload.membership : null);
  }, [fanclubId]);

  const openExpired = useCallback(async () => {
    setPage(null);
    const result = await callApi<CartPayload>("/me/carts", {
      method: "POST",
      body: { type: "Plan", id: 0, target_type: "subscribe_plan_type" },
    });
    if (!result.success) {
      setNotice(result.payload.message ?? t("errors.generic"));
      setPage(20);
      return;
    }
    takeCart(result.payload);
    setNotice(null);
    setPage(20);
  }, [t, takeCart]);

  // Where the modal opens.
  useEffect(() => {
    let live = true;
    void (async () => {
      if (start.kind === "plan") {
        const result = await callApi<PlansInfo>(`/fanclubs/${start.fanclubId}/plans`);
        if (!live) return;
        if (!result.success) {
          showFailure(result);
          onClose(false);
          return;
        }
        setPlans(result.payload.plans);
        const chosen = result.payload.plans.find((p) => p.id === start.planId);
        if (chosen?.planGrade === "current") {
          await loadMembership();
          if (live) setPage(30);
        } else {
          setPage(chosen ? 1 : 40);
        }
      } else if (start.kind === "expired") {
        await openExpired();
      } else if (start.kind === "item") {
        setPage(itemPage(start.page) ? start.page : null);
        if (!itemPage(start.page)) onClose(false);
      } else {
        // spec §4: the dialog refreshes the cart when it opens and closes itself when the cart is empty
        const payload = await loadCart();
        if (!live) return;
        if (!payload || payload.carts.length === 0) {
          onClose(false);
          return;
        }
        if (start.page === 3 && start.paymentType !== null) {
          const step = paymentMethodStep({
            paymentType: start.paymentType,
            total: payload.total,
            coinInput: start.coinPayment,
            coinBalance: payload.coinBalance,
            hasCard: payload.card !== null,
          });
          if (step.next === "confirm" && !cardPartProblem(step.card)) {
            setSplit({ coins: step.coins, card: step.card });
            setPage(3);
            return;
          }
        }
        setPage(2);
      }
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opens once; later moves are the pages' own
  }, []);

  const close = (changed = false) => {
    ref.current?.close();
    onClose(changed);
  };

  /** Ignores clicks while a call of the modal is running (spec §4: repeat clicks are ignored). */
  const once = async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      console.error(error);
      toast.show(t("errors.generic"), "error");
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // ----- page 1 and 40: choosing a plan

  const choosePlan = (chosen: PlanJson) =>
    once(async () => {
      const action = planChoiceAction(chosen.planGrade);
      if (action.action === "paymentHistory") {
        await loadMembership();
        setPage(30);
        return;
      }
      if (action.action === "downgrade") {
        // spec §4: a downgrade is posted directly, then the modal closes and the page reloads
        const result = await callApi(`/plans/${chosen.id}/downgrade`, { method: "POST" });
        if (!result.success) return showFailure(result);
        setChanged({ kind: "downgraded", plan: chosen.name });
        setPage(32);
        return;
      }
      const result = await callApi<CartPayload>("/me/carts", {
        method: "POST",
        body: { type: "Plan", id: chosen.id, target_type: action.targetType },
      });
      if (!result.success) return showFailure(result);
      takeCart(result.payload);
      setPaymentType(result.payload.total === 0 ? PAYMENT_TYPE.allCoin : null);
      setCoinInput("0");
      setPage(action.nextPage);
    });

  // ----- page 2: payment method

  const total = cart?.total ?? 0;

  const refreshBalance = async () => {
    // spec §4: while refreshing the button reads 'updating balance' and repeat clicks are ignored
    if (refreshingRef.current) return;
    refreshingRef.current = true;
    setRefreshing(true);
    try {
      const result = await callApi<{ coinBalance: number }>("/me/coin_balance");
      if (result.success) {
        setBalance(result.payload.coinBalance);
        toast.show(t("toast.balanceUpdated"), "info");
      } else {
        toast.show(t("errors.generic"), "error");
      }
    } catch {
      toast.show(t("errors.generic"), "error");
    } finally {
      refreshingRef.current = false;
      setRefreshing(false);
    }
  };

  const toggleRenewal = async (checked: boolean) => {
    setRenewal((prev) => (prev ? { ...prev, checked } : prev));
    // spec §7: PUT the user settings root with form data user[use_coin_subscription]; saved at once
    const form = new FormData();
    form.set("user[use_coin_subscription]", checked ? "1" : "0");
    try {
      const res = await fetch("/api/v1/me/user", {
        method: "PUT",
        body: form,
        credentials: "same-origin",
        headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
      });
      const json = (await res.json()) as { success?: boolean };
      if (!json.success) throw new Error(String(res.status));
      toast.show(t("toast.settingsUpdated"), "info");
    } catch {
      setRenewal((prev) => (prev ? { ...prev, checked: !checked } : prev));
      toast.show(t("toast.settingsFailed"), "error");
    }
  };

  const registerCard = (type: PaymentType, coins: number) => {
    // spec §4: go to card registration, saving the return path and page 3
    const back = new URL(window.location.href);
    for (const key of PAYMENT_QUERY) back.searchParams.delete(key);
    back.searchParams.set("paymentPage", "3");
    back.searchParams.set("paymentType", String(type));
    back.searchParams.set("coinPayment", String(coins));
    // the card page is served on this host, so the way back is a path of this origin
    window.location.assign(`/me/card_registration?returnTo=${encodeURIComponent(back.pathname + back.search)}`);
  };

  const toConfirm = () => {
    if (!cart) return;
    const step = paymentMethodStep({ paymentType, total, coinInput, coinBalance: balance, hasCard: cart.card !== null });
    if (step.next === "error") {
      toast.show(t(`errors.${step.error}`), "error");
      return;
    }
    if (cardPartProblem(step.card)) {
      toast.show(t("errors.cardTooSmall", { min: String(cart.minCardAmount) }), "error");
      return;
    }
    if (step.next === "registerCard") {
      registerCard(paymentType ?? PAYMENT_TYPE.card, step.coins);
      return;
    }
    setSplit({ coins: step.coins, card: step.card });
    setPage(3);
  };

  // ----- page 3: confirm and pay

  const pay = () =>
    once(async () => {
      if (!cart || !split) return;
      let sandboxAuthentication: "approve" | "fail" | undefined;
      // at most one 3-D Secure round: the second answer is final (paid or refused)
      for (let round = 0; round < 2; round++) {
        const body = {
          payment: purchaseKind(split.coins, cart.total),
          isUsedCoin: split.coins > 0,
          otherPayment: { toraCoin: split.coins },
          cartVersion: cart.cartVersion,
          ...(sandboxAuthentication ? { sandboxAuthentication } : {}),
        };
        const result = await callApi<PurchaseResponse>("/me/carts/purchase", { method: "POST", body });
        if (!result.success) {
          showFailure(result);
          // the cart moved on (declined card, changed price): show it as it is now
          const fresh = await loadCart();
          if (!fresh || fresh.carts.length === 0) close(false);
          else if (fresh.total !== cart.total) setPage(2);
          return;
        }
        if (!("requiresAction" in result.payload)) {
          if (root?.user) pushPurchase(root.user.userIdentifyToken, result.payload.purchase);
          setDone(result.payload.purchase);
          setPage(4);
          return;
        }
        const action = result.payload.requiresAction;
        if (action.provider === "sandbox") {
          const approved = await dialog.confirm({
            title: t("authentication.title"),
            message: t("authentication.message"),
            okText: t("authentication.approve"),
            cancelText: t("authentication.fail"),
          });
          sandboxAuthentication = approved ? "approve" : "fail";
        } else if (action.publishableKey) {
          await confirmStripeAction(action.publishableKey, action.clientSecret);
        }
      }
      toast.show(t("errors.authentication_required"), "error");
    });

  // ----- page 31: leave

  const leave = () =>
    once(async () => {
      if (!current) return;
      const result = await callApi(`/plans/${current.id}/leave`, { method: "POST" });
      if (!result.success) return showFailure(result);
      setChanged({ kind: "left", plan: current.name });
      setPage(32);
    });

  const item = page !== null ? itemPage(page) : null;
  const titles: Record<Exclude<Page, ItemPageNumber>, string> = {
    1: plan?.planGrade === "upgrade" || plan?.planGrade === "downgrade" ? t("titles.changePlan") : t("titles.join"),
    2: t("titles.method"),
    3: t("titles.confirm"),
    4: t("titles.done"),
    20: t("titles.expired"),
    30: t("titles.current"),
    31: t("titles.leave"),
    32: changed?.kind === "left" ? t("changed.leftTitle") : t("changed.downgradedTitle"),
    40: t("titles.plans"),
  };

  let body: ReactNode = null;
  if (item && start.kind === "item") {
    body = (
      <Suspense fallback={<p className="muted">{t("loading")}</p>}>
        <item.Page
          id={start.id}
          busy={busy}
          once={once}
          onCart={(payload) => {
            takeCart(payload);
            setPaymentType(payload.total === 0 ? PAYMENT_TYPE.allCoin : null);
            setCoinInput("0");
            setPage(2);
          }}
          onFinished={(payload, purchase) => {
            takeCart(payload);
            if (root?.user) pushPurchase(root.user.userIdentifyToken, purchase);
            setDone(purchase);
            setPage(4);
          }}
          onFailure={showFailure}
          onClose={close}
        />
      </Suspense>
    );
  }
  switch (page) {
    case null:
      body = <p className="muted">{t("loading")}</p>;
      break;
    case 1:
      body = plan ? (
        <PlanPage
          plan={plan}
          busy={busy}
          onChoose={choosePlan}
          onPlans={current ? () => setPage(40) : null}
          onExpired={() => void openExpired()}
        />
      ) : null;
      break;
    case 40:
      body = <PlanListPage plans={plans} onChoose={(id) => (setPlanId(id), setPage(1))} />;
      break;
    case 20:
      body = <ExpiredPage notice={notice} cart={cart} onToPayment={() => (setPaymentType(null), setPage(2))} />;
      break;
    case 2:
      body = cart ? (
        <MethodPage
          cart={cart}
          paymentType={paymentType}
          onPaymentType={setPaymentType}
          coinInput={coinInput}
          onCoinInput={setCoinInput}
          balance={balance}
          refreshing={refreshing}
          onRefreshBalance={() => void refreshBalance()}
          userOrigin={links.user("")}
          renewal={renewal}
          onToggleRenewal={(checked) => void toggleRenewal(checked)}
          onBack={start.kind === "plan" || start.kind === "item" ? () => setPage(start.kind === "item" ? start.page : 1) : null}
          onNext={toConfirm}
        />
      ) : null;
      break;
    case 3:
      body =
        cart && split ? <ConfirmPage cart={cart} split={split} busy={busy} onBack={() => setPage(2)} onPay={() => void pay()} /> : null;
      break;
    case 4:
      body = <DonePage cart={cart} done={done} onClose={() => close(true)} />;
      break;
    case 32:
      body = changed ? (
        <>
          <p className="flash" role="status" data-testid="plan-changed">
            {changed.kind === "left" ? t("changed.leftLead", { plan: changed.plan }) : t("changed.downgradedLead", { plan: changed.plan })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => close(true)}>
              {t("actions.close")}
            </button>
          </div>
        </>
      ) : null;
      break;
    case 30:
      body = current ? (
        <CurrentPlanPage
          current={current}
          membership={membership}
          onExpired={() => void openExpired()}
          onStopSupport={() => setPage(31)}
          onChangePlan={() => setPage(40)}
        />
      ) : null;
      break;
    case 31:
      body = current ? (
        <LeavePage current={current} membership={membership} busy={busy} onBack={() => setPage(30)} onLeave={() => void leave()} />
      ) : null;
      break;
  }

  return (
    <dialog
      ref={ref}
      className="modal payment-modal"
      aria-labelledby="payment-modal-title"
      data-testid="payment-modal"
      onKeyDown={keepTabInside}
      data-page={page ?? "loading"}
      onCancel={(e) => {
        e.preventDefault();
        close(page === 4 || page === 32);
      }}
    >
      <div className="modal-header">
        <h2 id="payment-modal-title">
          {page === null ? t("loading") : item ? t(item.titleKey) : titles[page as Exclude<Page, ItemPageNumber>]}
        </h2>
        <button type="button" className="modal-close" aria-label={t("actions.close")} onClick={() => close(page === 4 || page === 32)}>
          ×
        </button>
      </div>
      <div className="modal-body">{body}</div>
    </dialog>
  );
}
