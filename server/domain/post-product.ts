/**
 * The product a post links (spec §2 post detail "a linked product"): how the form names it and
 * when readers see it. Pure; decision 041 records the readings.
 */

/**
 * The form's `product_id`: absent leaves the link as it is (API callers that predate it), "-1" or
 * "" clears it, a positive id links that product. Anything else is a wrong choice (null).
 */
export type ProductChoice = { kind: "keep" } | { kind: "clear" } | { kind: "link"; productId: number };

export function productChoiceOf(value: string | undefined): ProductChoice | null {
  if (value === undefined) return { kind: "keep" };
  const v = value.trim();
  if (v === "" || v === "-1") return { kind: "clear" };
  if (!/^\d{1,15}$/.test(v)) return null;
  const id = Number(v);
  return Number.isSafeInteger(id) && id >= 1 ? { kind: "link", productId: id } : null;
}

/**
 * Readers see the card of a published product only: a draft product has no public page to link.
 * The card is shown on a locked post too: the product is on sale on the fan club's product tab
 * to everyone, so naming it gives nothing of the post away and points the visitor somewhere useful.
 */
export function linkedProductShown(product: { status: string } | null): boolean {
  return product !== null && product.status === "published";
}
