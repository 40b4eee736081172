import { PaymentSplit } from "~/components/payments/payment-split";
import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";

import type { OrderLine } from "../../../server/services/products";
import { formatShipping } from "../../../server/services/product-format";
import { formatJstDateTime } from "../../../server/domain/jst-time";

/**
 * Product order lines as a table: the fan's history (with the download of digital items) or the
 * creator's sales (with the buyer). Physical lines show the address they ship to.
 */
export function OrderTable({ lines, side }: { lines: OrderLine[]; side: "fan" | "creator" }) {
  const { t } = useTranslation("products");
  return (
    <table className="table history-table stack-table">
      <thead>
        <tr>
          <th scope="col">{t("sales.date")}</th>
          {side === "creator" ? <th scope="col">{t("sales.buyer")}</th> : null}
          <th scope="col">{t("sales.product")}</th>
          <th scope="col">{t("sales.quantity")}</th>
          <th scope="col">{t("sales.price")}</th>
          <th scope="col">{t("sales.shipTo")}</th>
          {side === "fan" ? (
            <th scope="col">
              <span className="visually-hidden">{t("history.download")}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.id} data-order={l.title}>
            <td data-label={t("sales.date")}>{formatJstDateTime(l.createdAt)}</td>
            {side === "creator" ? <td data-label={t("sales.buyer")}>{l.buyerName}</td> : null}
            <td data-label={t("sales.product")}>
              {l.title}
              {side === "fan" ? <div className="muted small">{l.fanclub.name}</div> : null}
            </td>
            <td data-label={t("sales.quantity")}>{l.quantity}</td>
            <td data-label={t("sales.price")}>
              {l.price === 0 ? t("free") : formatYen(l.price)}
              {side === "fan" && l.price > 0 ? (
                <div className="muted small">
                  <PaymentSplit coins={l.coinAmount} card={l.cardAmount} />
                </div>
              ) : null}
            </td>
            <td data-label={t("sales.shipTo")} className="address">
              {l.shippingAddress ? formatShipping(l.shippingAddress) : <span className="muted">{t(`kind.${l.kind}`)}</span>}
            </td>
            {side === "fan" ? (
              <td data-label={t("history.download")}>
                {l.downloadable ? (
                  <a className="button button-small" href={`/api/v1/me/products/${l.productId}/download`} download>
                    {t("history.download")}
                  </a>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
