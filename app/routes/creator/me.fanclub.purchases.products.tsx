import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderTable } from "~/components/products/order-table";
import { MoreLink } from "~/components/more-link";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import productStyles from "~/styles/products.css?url";
import { requireCreator } from "../../../server/http/require-creator";
import { listOrders } from "../../../server/services/products";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";

export const handle = { i18n: ["common", "products"], breadcrumb: () => ({ label: "products:sales.title" }) };
export const clientLoader = withNamespaces(["products"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** /me/fanclub/purchases/products: who bought what, newest first, with the address each physical order ships to. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageProducts");
  const url = new URL(request.url);
  const before = parseHistoryCursor(url.searchParams.get("before"));
  const page = await listOrders(app.db, { fanclubId: op.fanclubId }, before);
  return {
    title: app.t("products:sales.title"),
    lines: page.lines,
    more: page.next ? `/me/fanclub/purchases/products?before=${page.next}` : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function ProductSales() {
  const { t } = useTranslation("products");
  const { lines, more } = useLoaderData<typeof loader>();
  return (
    <section className="page" aria-label={t("sales.title")}>
      <h2>{t("sales.title")}</h2>
      {lines.length ? <OrderTable lines={lines} side="creator" /> : <p className="empty-state">{t("sales.empty")}</p>}
      <MoreLink href={more} label={t("sales.more")} />
    </section>
  );
}
