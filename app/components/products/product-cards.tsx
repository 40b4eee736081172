import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import type { ProductCard } from "../../../server/services/products";

/** A grid of product cards (/products, the fan club's products tab): image, title, price, state. */
export function ProductCardList({ products, showFanclub }: { products: ProductCard[]; showFanclub: boolean }) {
  const { t } = useTranslation("products");
  return (
    <ul className="product-list">
      {products.map((p) => (
        <li key={p.id} className="card product-card" data-product={p.title}>
          <a href={p.href}>
            <span className="product-card-image">
              {p.imageUrl ? (
                <img src={p.imageUrl} alt="" loading="lazy" width={400} height={400} />
              ) : (
                <span className="muted small">{t(`kind.${p.kind}`)}</span>
              )}
            </span>
            <span className="product-card-body">
              <span className="product-card-title">{p.title}</span>
              {showFanclub ? <span className="muted small">{p.fanclub.name}</span> : null}
              <span className="product-price">{p.price === 0 ? t("free") : formatYen(p.price)}</span>
              <span className="small">
                <ProductStateBadge state={p.state} soldOut={p.soldOut} />
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ProductStateBadge({ state, soldOut }: { state: ProductCard["state"]; soldOut: boolean }) {
  const { t } = useTranslation("products");
  if (soldOut && state === "onSale") return <span className="badge badge-muted">{t("state.soldOut")}</span>;
  return <span className={state === "onSale" ? "badge" : "badge badge-muted"}>{t(`state.${state}`)}</span>;
}
