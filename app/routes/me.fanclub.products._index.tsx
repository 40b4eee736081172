import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../server/domain/number-display";
import { saleState, stockLeft } from "../../server/domain/products";
import { requireCreator } from "../../server/http/require-creator";
import { translatorFor } from "../../server/i18n";
import { listCreatorProducts } from "../../server/services/products";

export const handle = { i18n: ["common", "products"], breadcrumb: () => ({ label: "products:creator.listTitle" }) };
export const clientLoader = withNamespaces(["products"]);

/** /me/fanclub/products: the fan club's products, drafts included, with what has sold. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageProducts");
  const now = Date.now();
  const rows = await listCreatorProducts(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "products")("creator.listTitle"),
    fanclubId: op.fanclubId,
    products: rows.map((p) => ({
      id: p.id,
      title: p.title,
      price: p.price,
      kind: p.kind,
      soldCount: p.soldCount,
      stock: p.stock,
      soldOut: stockLeft(p) === 0,
      state: saleState({ status: p.status, saleStartAt: p.saleStartAt?.getTime() ?? null, saleEndAt: p.saleEndAt?.getTime() ?? null }, now),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function CreatorProducts() {
  const { t } = useTranslation("products");
  const { products, fanclubId } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("creator.listTitle")}</h1>
        <div className="actions">
          <a className="button button-secondary" href="/me/fanclub/purchases/products">
            {t("creator.salesLink")}
          </a>
          <a className="button" href="/me/fanclub/products/new">
            {t("creator.new")}
          </a>
        </div>
      </div>
      {products.length === 0 ? (
        <div className="empty-state">
          <p>{t("creator.empty")}</p>
        </div>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("fields.title")}</th>
              <th scope="col">{t("fields.kind")}</th>
              <th scope="col">{t("fields.price")}</th>
              <th scope="col">{t("creator.sold")}</th>
              <th scope="col">{t("creator.status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("creator.edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => (
              <tr key={p.id} data-product={p.title}>
                <td>{p.title}</td>
                <td>{t(`kind.${p.kind}`)}</td>
                <td>{p.price === 0 ? t("free") : formatYen(p.price)}</td>
                <td>
                  {p.soldCount}
                  {p.stock !== null ? ` / ${p.stock}` : ""}
                </td>
                <td>
                  <span className={p.state === "onSale" && !p.soldOut ? "badge" : "badge badge-muted"}>{p.soldOut && p.state === "onSale" ? t("state.soldOut") : t(`state.${p.state}`)}</span>
                </td>
                <td className="actions">
                  <a href={`/me/fanclub/products/${p.id}/edit`}>{t("creator.edit")}</a>
                  {p.state !== "draft" ? <a href={`/fanclubs/${fanclubId}/products/${p.id}`}>{t("creator.view")}</a> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
