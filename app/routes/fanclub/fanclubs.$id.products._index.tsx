import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductCardList } from "~/components/products/product-cards";
import { MoreLink } from "~/components/more-link";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import productStyles from "~/styles/products.css?url";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { listPublishedProducts } from "../../../server/services/products";
import { mergedReads } from "../../../server/http/merged-reads";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";

export const handle = { i18n: ["common", "fanclub", "products"], breadcrumb: () => ({ label: "fanclub:tabs.products" }) };
export const clientLoader = withNamespaces(["fanclub", "products"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** /fanclubs/{id}/products: the fan club's published products, newest first (the frame and the 404 come from the layout). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const url = new URL(request.url);
  const before = parseHistoryCursor(url.searchParams.get("before"));
  const page = await listPublishedProducts(mergedReads(app), { fanclubId }, { before, now: Date.now() });
  return { products: page.products, more: page.next ? `/fanclubs/${fanclubId}/products?before=${page.next}` : null };
}

export default function FanclubProductsTab() {
  const { t } = useTranslation("products");
  const { products, more } = useLoaderData<typeof loader>();
  return (
    <section className="fanclub-products" aria-label={t("title")}>
      {products.length ? <ProductCardList products={products} showFanclub={false} /> : <p className="empty-state">{t("empty")}</p>}
      <MoreLink href={more} label={t("sales.more")} />
    </section>
  );
}
