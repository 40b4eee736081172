import { useEffect, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";
import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import { formatRaffleWindow } from "./format";

type RaffleJson = {
  id: number;
  title: string;
  prizeDescription: string;
  fanclub: { id: number; name: string };
  entryPrice: number;
  winnerCount: number;
  entryStartAt: number;
  entryEndAt: number;
  maxEntriesPerFan: number;
  phase: "draft" | "upcoming" | "open" | "closed" | "drawn";
  held: number;
  left: number;
  following: boolean;
};

/**
 * Payment modal page 70: a raffle's entries. The fan picks how many (up to what the per-fan limit
 * leaves); entering follows the fan club first when needed (spec §4 'follow and'), then puts the
 * entries in the cart (page 2) or, for a free raffle, enters at once (page 4).
 */
export default function RaffleEntryPage({ id, busy, once, onCart, onFinished, onFailure, onClose }: ItemPageProps) {
  const { t } = useTranslation("raffles");
  const [raffle, setRaffle] = useState<RaffleJson | null>(null);
  const [quantity, setQuantity] = useState(1);

  useEffect(() => {
    let live = true;
    void callApi<RaffleJson>(`/raffles/${id}`).then((result) => {
      if (!live) return;
      if (!result.success) {
        onFailure(result);
        onClose(false);
        return;
      }
      setRaffle(result.payload);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page loads its raffle once; the modal's callbacks do not change what it shows
  }, [id]);

  if (!raffle) return <p className="muted">{t("title")}</p>;
  const open = raffle.phase === "open";
  const choices = Array.from({ length: raffle.left }, (_, i) => i + 1);

  const enter = () =>
    once(async () => {
      if (!raffle.following) {
        const followed = await callApi(`/fanclubs/${raffle.fanclub.id}/follow`, { method: "POST" });
        if (!followed.success) return onFailure(followed);
        setRaffle({ ...raffle, following: true });
      }
      const result = await callApi<CartPayload & { purchase?: PurchaseSummary }>("/me/carts/raffle_purchase", {
        method: "POST",
        body: { id: raffle.id, quantity },
      });
      if (!result.success) return onFailure(result);
      const { purchase, ...cart } = result.payload;
      if (purchase) onFinished(cart, purchase);
      else onCart(cart);
    });

  return (
    <div className="raffle-entry" data-raffle={raffle.title}>
      <p className="muted small">{raffle.fanclub.name}</p>
      <h3>{raffle.title}</h3>
      {raffle.prizeDescription ? <p className="small">{raffle.prizeDescription}</p> : null}
      <dl className="payment-quote">
        <div>
          <dt>{t("public.window")}</dt>
          <dd>{formatRaffleWindow(raffle.entryStartAt, raffle.entryEndAt)}</dd>
        </div>
        <div>
          <dt>{t("public.price")}</dt>
          <dd>{raffle.entryPrice === 0 ? t("public.free") : formatYen(raffle.entryPrice)}</dd>
        </div>
        <div>
          <dt>{t("public.yourEntries")}</dt>
          <dd>{t("public.entries", { count: raffle.held })}</dd>
        </div>
      </dl>
      {!open ? (
        <p className="flash flash-muted">{t("modal.closed")}</p>
      ) : raffle.left === 0 ? (
        <p className="flash flash-muted">{t("modal.limitReached")}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="raffle-quantity">{t("modal.quantity")}</label>
            <select id="raffle-quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} disabled={busy}>
              {choices.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            <span className="muted small">{t("modal.left", { count: raffle.left })}</span>
          </div>
          <p>
            {t("modal.total")}:{" "}
            <strong data-testid="raffle-total">
              {raffle.entryPrice === 0 ? t("public.free") : formatYen(raffle.entryPrice * quantity)}
            </strong>
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => void enter()} disabled={busy}>
              {raffle.following ? t("modal.enter") : t("modal.followAndEnter")}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
