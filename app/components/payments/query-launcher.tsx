import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";

// Every page carries these checks; the rest (and the modal) loads only when the address asks for it.
const PaymentFromQuery = lazy(() => import("./payment-from-query"));
const PlanPaymentLauncher = lazy(() => import("./payment-launchers").then((m) => ({ default: m.PlanPaymentLauncher })));

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The fan club page's plan buttons lead to `?plan={id}` (spec §2 plan button states): the modal
 * opens at page 1 for that plan, or page 30 for the plan already supported. `planIds` are the
 * plans whose button opens it for this viewer.
 */
export function PlanPaymentSlot({ fanclubId, planIds }: { fanclubId: number; planIds: readonly number[] }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated || !planIds.includes(Number(params.get("plan")))) return null;
  return (
    <Suspense fallback={null}>
      <PlanPaymentLauncher fanclubId={fanclubId} planIds={planIds} />
    </Suspense>
  );
}

/**
 * Any page: `?payExpired=1` opens page 20 (the expired-plan banner links there), and
 * `?paymentPage=2|3` resumes a payment after card registration (spec §4). Signed-in pages only.
 */
export function PaymentQueryLauncher({ signedIn }: { signedIn: boolean }) {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated || !signedIn || params.has("plan") || !(params.get("payExpired") === "1" || params.has("paymentPage"))) return null;
  return (
    <Suspense fallback={null}>
      <PaymentFromQuery />
    </Suspense>
  );
}
