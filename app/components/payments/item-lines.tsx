import { useTranslation } from "~/lib/i18n";
import type { CartItemView } from "../../../server/services/cart-items/kind";
import { formatJstDateTime } from "../../../server/domain/jst-time";

/**
 * The confirm and finish pages' lines for an item that is not a plan (plans show their quote):
 * what the fan is about to pay for, from the spec §3 fields the item's kind filled.
 */
export function ItemLines({ item }: { item: CartItemView }) {
  const { t } = useTranslation("payments");
  const rows: Array<[string, string]> = [];
  if (item.liveEventTicket) rows.push([t("itemType.LiveEventTicket"), `${item.liveEventTitle ?? ""} ${item.liveEventTicket.title}`.trim()]);
  if (item.liveStartAt)
    rows.push([
      t("item.liveTime"),
      // the same range sign as the pages (〜 in Japanese)
      item.liveEndAt
        ? t("item.range", { start: formatJstDateTime(item.liveStartAt), end: formatJstDateTime(item.liveEndAt) })
        : formatJstDateTime(item.liveStartAt),
    ]);
  if (item.product?.saleStartAt || item.product?.saleEndAt) {
    rows.push([
      t("item.salePeriod"),
      t("item.range", {
        start: item.product.saleStartAt ? formatJstDateTime(item.product.saleStartAt) : "",
        end: item.product.saleEndAt ? formatJstDateTime(item.product.saleEndAt) : "",
      }).trim(),
    ]);
  }
  if (item.quantity > 1) rows.push([t("item.quantity"), String(item.quantity)]);
  if (item.note) rows.push([t("item.message"), item.note]);
  if (!rows.length) return null;
  return (
    <dl className="payment-quote">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
