import { lazy, Suspense, useState } from "react";
import { preloadNamespaces } from "~/lib/i18n";

// The modal, its texts and page 70 load on the first click, in their own chunks.
const PaymentModal = lazy(() =>
  Promise.all([import("~/components/payments/payment-modal"), preloadNamespaces(["payments", "raffles"])]).then(([module]) => module),
);

/** Opens the payment modal at the raffle's page (70); after an entry the page reloads to show it. */
export function RaffleEnterButton({ raffleId, label }: { raffleId: number; label: string }) {
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpened((n) => n + 1)}>
        {label}
      </button>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <PaymentModal
            key={opened}
            start={{ kind: "item", page: 70, id: raffleId }}
            onClose={(changed) => {
              if (changed) window.location.reload();
              else setOpened(0);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
