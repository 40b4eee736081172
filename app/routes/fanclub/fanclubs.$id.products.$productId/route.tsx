import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductBuyButton } from "./product-buy-button";
import { ProductStateBadge } from "~/components/products/product-cards";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import productStyles from "~/styles/products.css?url";
import { formatYen } from "../../../../server/domain/number-display";
import { buttonLabel, formatFileSize } from "../../../../server/domain/products";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { idParam } from "../../../../server/http/params";
import { productForViewer } from "../../../../server/services/products";
import { formatJstDateTime } from "../../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fanclub", "products"],
  breadcrumb: (d: { product?: { title: string } } | undefined) => [
    { label: "fanclub:tabs.products" },
    ...(d?.product ? [{ label: d.product.title, literal: true }] : []),
  ],
};
export const clientLoader = withNamespaces(["fanclub", "products"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/**
 * /fanclubs/{id}/products/{productId}: the product with its price table and sale period (spec §2,
 * §9 yyyy/MM/dd HH:mm), and the get/buy button that opens the payment modal at page 50.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const found = await productForViewer(app.db, idParam(params.productId), app.user?.id ?? null, Date.now());
  if (!found || found.product.fanclub.id !== fanclubId) throw new Response(null, { status: 404 });
  const { product, viewer } = found;
  const manages = app.session?.creator?.editing.some((e) => e.fanclubId === fanclubId) ?? false;
  const here = `${app.service?.frontUrl ?? new URL(request.url).origin}/fanclubs/${fanclubId}/products/${product.id}`;
  return {
    fanclubId,
    product: {
      id: product.id,
      title: product.title,
      description: product.description,
      price: product.price,
      kind: product.kind,
      imageUrl: product.imageUrl,
      state: product.state,
      soldOut: product.soldOut,
      stockLeft: product.stockLeft,
      saleStartAt: product.saleStartAt,
      saleEndAt: product.saleEndAt,
      fileName: product.fileName,
      fileSize: product.fileSize,
    },
    viewer: { signedIn: viewer.signedIn, owned: viewer.owned, isOwner: app.user?.id === product.fanclubOwnerId, manages },
    label: buttonLabel(product, viewer.following),
    loginHref: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(here)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.product.title }, { name: "description", content: data.product.description.slice(0, 160) }] : [];

export default function ProductDetailPage() {
  const { t } = useTranslation("products");
  const { fanclubId, product, viewer, label, loginHref } = useLoaderData<typeof loader>();
  const free = product.price === 0;
  const ownedOnce = viewer.owned && (free || product.kind === "digital");
  const available = product.state === "onSale" && !product.soldOut;
  const period =
    product.saleStartAt || product.saleEndAt
      ? t("detail.period", {
          start: product.saleStartAt ? formatJstDateTime(product.saleStartAt) : "",
          end: product.saleEndAt ? formatJstDateTime(product.saleEndAt) : "",
        }).trim()
      : t("detail.always");

  let action;
  if (viewer.isOwner || viewer.manages) {
    action = (
      <a className="button button-secondary" href={`/me/fanclub/products/${product.id}/edit`}>
        {t("button.edit")}
      </a>
    );
  } else if (!viewer.signedIn) {
    action = (
      <a className="button" href={loginHref}>
        {t("button.login")}
      </a>
    );
  } else if (ownedOnce) {
    action = (
      <>
        <button type="button" className="button" disabled>
          {t("button.owned")}
        </button>
        {product.kind === "digital" && product.fileName ? (
          <a className="button button-secondary" href={`/api/v1/me/products/${product.id}/download`} download>
            {t("detail.download")}
          </a>
        ) : null}
      </>
    );
  } else {
    action = <ProductBuyButton productId={product.id} label={label} disabled={!available} />;
  }

  return (
    <article className="product-detail" data-testid="product-detail">
      <div className="product-detail-image">
        {product.imageUrl ? (
          <img src={product.imageUrl} alt="" width={400} height={400} />
        ) : (
          <span className="muted">{t(`kind.${product.kind}`)}</span>
        )}
      </div>
      <div className="product-detail-body">
        <h1>{product.title}</h1>
        <div>
          <ProductStateBadge state={product.state} soldOut={product.soldOut} />
        </div>
        <table className="table price-table">
          <caption className="visually-hidden">{t("detail.priceTable")}</caption>
          <tbody>
            <tr>
              <th scope="row">{t("detail.unitPrice")}</th>
              <td>
                <span className="product-price">{free ? t("free") : formatYen(product.price)}</span>{" "}
                {free ? null : <span className="muted small">{t("taxIncluded")}</span>}
              </td>
            </tr>
            <tr>
              <th scope="row">{t("detail.kind")}</th>
              <td>{t(`kind.${product.kind}`)}</td>
            </tr>
            <tr>
              <th scope="row">{t("detail.stock")}</th>
              <td>
                {product.stockLeft === null
                  ? t("unlimited")
                  : product.soldOut
                    ? t("state.soldOut")
                    : t("stockLeft", { count: product.stockLeft })}
              </td>
            </tr>
            <tr>
              <th scope="row">{t("detail.salePeriod")}</th>
              <td data-testid="sale-period">{period}</td>
            </tr>
            {product.kind === "digital" && product.fileName ? (
              <tr>
                <th scope="row">{t("detail.file")}</th>
                <td>
                  {product.fileName}
                  {product.fileSize ? ` (${formatFileSize(product.fileSize)})` : ""}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
        <div className="product-actions">{action}</div>
        {ownedOnce ? <p className="muted small">{t("detail.ownedNote")}</p> : null}
        {product.description ? <p className="product-description">{product.description}</p> : null}
        <p>
          <a href={`/fanclubs/${fanclubId}/products`}>{t("detail.back")}</a>
        </p>
      </div>
    </article>
  );
}
