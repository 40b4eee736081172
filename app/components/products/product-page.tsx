import { useEffect, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";
import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { formatYen } from "../../../server/domain/number-display";
import { type ButtonLabel } from "../../../server/domain/products";
import type { CartItemView } from "../../../server/services/cart-items/kind";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import type { ProductDetail } from "../../../server/services/products";
import { formatJstDateTime } from "../../../server/domain/jst-time";

/** GET /products/{id} as the modal reads it. */
export type ProductJson = {
  product: ProductDetail & { maxQuantity: number };
  viewer: { signedIn: boolean; following: boolean; owned: boolean; isOwner: boolean; shipTo: string | null };
  button: ButtonLabel;
};

/**
 * Modal page 50 (spec §4 live ticket and product flow): the product, its price and the button
 * that reads get or buy, prefixed with 'follow and' when the fan does not follow yet. Paid: follow
 * when needed, add to the cart, the modal's payment pages follow. Free: the free action (which
 * follows first) and straight to page 4 with the result as the cart. A missing product shows 'No
 * product selected' and closes.
 */
export default function ProductPage(props: ItemPageProps) {
  const { t } = useTranslation("products");
  const links = linkBuilder(useRootData());
  const [data, setData] = useState<ProductJson | null>(null);
  const [quantity, setQuantity] = useState(1);

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await callApi<ProductJson>(`/products/${props.id}`);
      if (!live) return;
      if (!result.success) {
        props.onFailure(result);
        props.onClose(false);
        return;
      }
      setData(result.payload);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once for the product the modal opened with
  }, [props.id]);

  if (!data) return null;
  const { product, viewer } = data;
  const free = product.price === 0;
  const ownedOnce = viewer.owned && (free || product.kind === "digital");
  const available = product.state === "onSale" && !product.soldOut && !viewer.isOwner;
  const needsAddress = product.kind === "physical" && !viewer.shipTo;

  const go = () =>
    props.once(async () => {
      if (free) {
        const result = await callApi<CartItemView & { purchase: PurchaseSummary }>("/me/carts/free_product_purchase", {
          method: "POST",
          body: { id: product.id },
        });
        if (!result.success) return props.onFailure(result);
        const { purchase, ...item } = result.payload;
        const cart: CartPayload = {
          carts: [item],
          cartVersion: 0,
          total: 0,
          coinBalance: 0,
          card: null,
          useCoinSubscription: false,
          minCardAmount: 0,
        };
        props.onFinished(cart, purchase);
        return;
      }
      // spec §4: following comes first, then the cart
      if (!viewer.following) {
        const followed = await callApi(`/fanclubs/${product.fanclub.id}/follow`, { method: "POST" });
        if (!followed.success) return props.onFailure(followed);
      }
      const result = await callApi<CartPayload>("/me/carts", {
        method: "POST",
        body: { type: "Product", id: product.id, target_type: "product", quantity },
      });
      if (!result.success) return props.onFailure(result);
      props.onCart(result.payload);
    });

  const period =
    product.saleStartAt || product.saleEndAt
      ? t("detail.period", {
          start: product.saleStartAt ? formatJstDateTime(product.saleStartAt) : "",
          end: product.saleEndAt ? formatJstDateTime(product.saleEndAt) : "",
        }).trim()
      : t("detail.always");

  return (
    <div className="product-modal" data-testid="product-page">
      <div className="product-modal-head">
        {product.imageUrl ? <img src={product.imageUrl} alt="" width={80} height={80} /> : null}
        <div>
          <strong className="product-modal-title">{product.title}</strong>
          <div className="muted small">{product.fanclub.name}</div>
          <div className="product-modal-price">
            {free ? t("free") : formatYen(product.price)} {free ? null : <span className="muted small">{t("taxIncluded")}</span>}
          </div>
        </div>
      </div>
      <dl className="payment-quote">
        <div>
          <dt>{t("detail.kind")}</dt>
          <dd>{t(`kind.${product.kind}`)}</dd>
        </div>
        <div>
          <dt>{t("detail.salePeriod")}</dt>
          <dd>{period}</dd>
        </div>
        {product.stockLeft !== null ? (
          <div>
            <dt>{t("detail.stock")}</dt>
            <dd>{product.soldOut ? t("state.soldOut") : t("stockLeft", { count: product.stockLeft })}</dd>
          </div>
        ) : null}
      </dl>
      {product.kind === "physical" && product.maxQuantity > 1 && available && !ownedOnce ? (
        <label className="field">
          <span className="label">{t("modal.quantity")}</span>
          <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} data-testid="product-quantity">
            {Array.from({ length: product.maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {product.kind === "physical" ? (
        <div className="product-ship-to">
          <span className="label">{t("modal.shipTo")}</span>
          {viewer.shipTo ? <p className="small">{viewer.shipTo}</p> : <p className="flash flash-warn small">{t("modal.noAddress")}</p>}
          {/* the address book brings the fan back here (this page, the dialog open on this product) */}
          <a className="small" href={links.user(`/me/address?return=${encodeURIComponent(window.location.href)}`)}>
            {viewer.shipTo ? t("modal.changeAddress") : t("modal.addAddress")}
          </a>
        </div>
      ) : (
        <p className="muted small">{t("modal.digitalNote")}</p>
      )}
      {!viewer.following && available ? <p className="muted small">{t("modal.followNote")}</p> : null}
      {!available && !ownedOnce ? (
        <p className="flash flash-muted small">{product.soldOut ? t("state.soldOut") : t("modal.unavailable")}</p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => props.onClose(false)}>
          {t("detail.back")}
        </button>
        {ownedOnce ? (
          <button type="button" className="button" disabled>
            {t("button.owned")}
          </button>
        ) : (
          <button
            type="button"
            className="button"
            disabled={props.busy || !available || needsAddress}
            onClick={() => void go()}
            data-testid="product-action"
          >
            {t(`button.${data.button}`)}
          </button>
        )}
      </div>
    </div>
  );
}
