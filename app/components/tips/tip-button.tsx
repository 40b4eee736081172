import { lazy, Suspense, useState } from "react";

// The launcher (and through it the modal) loads on the first click, in its own chunk: a visitor's first page carries only this button.
const Launch = lazy(() => import("~/components/payments/payment-launchers").then((m) => ({ default: m.Launch })));

/**
 * Opens the payment modal at the tip page: 60 for a post (`id` = the post), 61 for the fan club
 * itself (`id` = the fan club). After a paid tip the page reloads and shows it.
 */
export function TipButton({ page, id, label, className = "button" }: { page: 60 | 61; id: number; label: string; className?: string }) {
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid={page === 60 ? "post-tip-button" : "fanclub-tip-button"}
        onClick={() => setOpened((n) => n + 1)}
      >
        {label}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <Launch key={opened} start={{ kind: "item", page, id }} onClose={(changed) => (changed ? undefined : setOpened(0))} />
        </Suspense>
      ) : null}
    </>
  );
}
