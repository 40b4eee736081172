import type { ShippingSnapshot } from "../../db/schema";

/** A shipping address on one line, as the modal, the confirm page and the order tables show it: 〒150-0001 東京都渋谷区… 建物 名前 電話. */
export function formatShipping(s: ShippingSnapshot): string {
  const postal = `〒${s.postalCode.slice(0, 3)}-${s.postalCode.slice(3)}`;
  return [postal, `${s.prefecture}${s.city}${s.street}`, s.building ?? "", s.name, s.phone].filter(Boolean).join(" ");
}
