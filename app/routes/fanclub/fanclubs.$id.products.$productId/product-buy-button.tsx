import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { ButtonLabel } from "../../../../server/domain/products";

// The payment modal and its launcher load on the first click, in their own chunk: visitors' first page does not carry them.
const Launch = lazy(() => import("~/components/payments/payment-launchers").then((m) => ({ default: m.Launch })));

/**
 * The product's get/buy button (spec §4: 'follow and' prefix when not following). It opens the
 * payment modal at page 50; each click mounts a fresh modal.
 */
export function ProductBuyButton(props: { productId: number; label: ButtonLabel; disabled: boolean }) {
  const { t } = useTranslation("products");
  const [opened, setOpened] = useState(0);
  return (
    <>
      <button type="button" className="button" disabled={props.disabled} onClick={() => setOpened((n) => n + 1)} data-testid="product-buy">
        {t(`button.${props.label}`)}
      </button>
      {opened > 0 ? (
        <Suspense fallback={null}>
          <Launch key={opened} start={{ kind: "item", page: 50, id: props.productId }} />
        </Suspense>
      ) : null}
    </>
  );
}
