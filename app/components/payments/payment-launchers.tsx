import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { preloadNamespaces } from "~/lib/i18n";
import { PAYMENT_QUERY, type PaymentModalStart } from "./types";

// The modal and its texts load when it opens, in their own chunk: a visitor's first page does not carry them.
const PaymentModal = lazy(() => Promise.all([import("./payment-modal"), preloadNamespaces(["payments"])]).then(([module]) => module));

/** The page without the modal's query: a plain close goes there; after a change, a full reload shows the new state everywhere. */
function useCloser() {
  const [, setParams] = useSearchParams();
  return (changed: boolean) => {
    if (changed) {
      const url = new URL(window.location.href);
      for (const key of PAYMENT_QUERY) url.searchParams.delete(key);
      window.location.assign(url.toString());
      return;
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of PAYMENT_QUERY) next.delete(key);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );
  };
}

/** `onClose` tells a page that opened the modal from its own state (a button, not the address) that it closed. */
export function Launch({ start, onClose }: { start: PaymentModalStart; onClose?: (changed: boolean) => void }) {
  const close = useCloser();
  return (
    <Suspense fallback={null}>
      <PaymentModal
        start={start}
        onClose={(changed) => {
          close(changed);
          onClose?.(changed);
        }}
      />
    </Suspense>
  );
}

/** `?plan={id}` on the fan club page (the slot in ./query-launcher.tsx checked it). */
export function PlanPaymentLauncher({ fanclubId, planIds }: { fanclubId: number; planIds: readonly number[] }) {
  const [params] = useSearchParams();
  const planId = Number(params.get("plan"));
  if (!planIds.includes(planId)) return null;
  return <Launch key={planId} start={{ kind: "plan", fanclubId, planId }} />;
}
