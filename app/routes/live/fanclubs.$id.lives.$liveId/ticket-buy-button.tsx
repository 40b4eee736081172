import { lazy, Suspense, useState } from "react";
import { preloadNamespaces } from "~/lib/i18n";

// The payment modal and its texts load on the first click: a visitor's first page does not carry them.
const PaymentModal = lazy(() =>
  Promise.all([import("~/components/payments/payment-modal"), preloadNamespaces(["payments", "lives"])]).then(([module]) => module),
);

/**
 * A ticket type's buy or get button (spec §4 live ticket flow; the label carries the 'follow and'
 * prefix when the fan does not follow yet). It opens the payment modal at page 10 for that type.
 * After a purchase the page reloads so the ticket and the watch area show the new state.
 */
export function TicketBuyButton({ ticketTypeId, label }: { ticketTypeId: number; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)} data-ticket-buy={ticketTypeId}>
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PaymentModal
            start={{ kind: "item", page: 10, id: ticketTypeId }}
            onClose={(changed) => (changed ? window.location.reload() : setOpen(false))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
