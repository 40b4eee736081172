import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderTable } from "~/components/products/order-table";
import { MoreLink } from "~/components/more-link";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import productStyles from "~/styles/products.css?url";
import { requireUser } from "../../../server/http/require-user";
import { listOrders } from "../../../server/services/products";
import { parseHistoryCursor } from "../../../server/domain/purchase-histories";

export const handle = { i18n: ["common", "products"], breadcrumb: () => ({ label: "products:history.title" }) };
export const clientLoader = withNamespaces(["products"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** /me/purchase_histories/products: the fan's product lines, newest first; digital ones download from here. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const url = new URL(request.url);
  const before = parseHistoryCursor(url.searchParams.get("before"));
  const page = await listOrders(app.db, { userId: user.id }, before);
  return {
    title: app.t("products:history.title"),
    lines: page.lines,
    more: page.next ? `/me/purchase_histories/products?before=${page.next}` : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function ProductHistory() {
  const { t } = useTranslation("products");
  const { lines, more } = useLoaderData<typeof loader>();
  return (
    <section className="page" aria-label={t("history.title")}>
      <h2>{t("history.title")}</h2>
      {lines.length ? <OrderTable lines={lines} side="fan" /> : <p className="empty-state">{t("history.empty")}</p>}
      <MoreLink href={more} label={t("sales.more")} />
    </section>
  );
}
