import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductCardList } from "~/components/products/product-cards";
import { MoreLink } from "~/components/more-link";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import productStyles from "~/styles/products.css?url";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { listPublishedProducts } from "../../../server/services/products";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";

export const handle = { i18n: ["common", "products"], breadcrumb: () => ({ label: "products:allTitle" }) };
export const clientLoader = withNamespaces(["products"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** `?before=<id>`: the last card already seen. */
function beforeOf(url: URL): number | null {
  return parseHistoryCursor(url.searchParams.get("before"));
}

/** /products (spec §2): every published product of this brand's fan clubs, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!app.service) throw new Response(null, { status: 404 });
  const before = beforeOf(new URL(request.url));
  const page = await listPublishedProducts(app.db, { serviceId: app.service.id }, { before, now: Date.now() });
  return { title: app.t("products:allTitle"), products: page.products, more: page.next ? `/products?before=${page.next}` : null };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function AllProducts() {
  const { t } = useTranslation("products");
  const { products, more } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("allTitle")}</h1>
      <p className="muted">{t("allLead")}</p>
      {products.length ? <ProductCardList products={products} showFanclub /> : <p className="empty-state">{t("empty")}</p>}
      <MoreLink href={more} label={t("sales.more")} />
    </div>
  );
}
