import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CreatorListPage } from "~/components/creator/creator-list-page";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { saleState, stockLeft } from "../../../server/domain/products";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listCreatorProducts } from "../../../server/services/products";

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
    <CreatorListPage
      title={t("creator.listTitle")}
      actions={
        <div className="actions">
          <a className="button button-secondary" href="/me/fanclub/purchases/products">
            {t("creator.salesLink")}
          </a>
          <a className="button" href="/me/fanclub/products/new">
            {t("creator.new")}
          </a>
        </div>
      }
      empty={products.length === 0}
      emptyText={t("creator.empty")}
      columns={[t("fields.title"), t("fields.kind"), t("fields.price"), t("creator.sold"), t("creator.status")]}
      actionsLabel={t("creator.edit")}
    >
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
            <span className={p.state === "onSale" && !p.soldOut ? "badge" : "badge badge-muted"}>
              {p.soldOut && p.state === "onSale" ? t("state.soldOut") : t(`state.${p.state}`)}
            </span>
          </td>
          <td className="actions">
            <a href={`/me/fanclub/products/${p.id}/edit`}>{t("creator.edit")}</a>
            {p.state !== "draft" ? <a href={`/fanclubs/${fanclubId}/products/${p.id}`}>{t("creator.view")}</a> : null}
          </td>
        </tr>
      ))}
    </CreatorListPage>
  );
}
