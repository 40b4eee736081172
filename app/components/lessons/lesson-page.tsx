import { useEffect, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";
import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatJstDateTime, formatJstTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import type { HeldSlot } from "../../../server/services/lessons";

/**
 * Payment modal page 80, a lesson seat: the lesson, its time, method, seats left and price, and the
 * cancellation rule (spec §1) before anything is paid. Paid: the cart holds the seat, on to page 2.
 * Free: reserved at once, on to page 4.
 */
export default function LessonPage({ id, busy, once, onCart, onFinished, onFailure, onClose }: ItemPageProps) {
  const { t } = useTranslation("lessons");
  const [info, setInfo] = useState<HeldSlot | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const result = await callApi<HeldSlot>(`/lessons/${id}`);
      if (!live) return;
      if (!result.success) {
        onFailure(result);
        onClose(false);
        return;
      }
      setInfo(result.payload);
    })();
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page loads its slot once per id; the callbacks are the modal's
  }, [id]);

  if (!info) return <p className="muted">{t("modal.lesson")}…</p>;
  const { slot } = info;
  const free = slot.price === 0;

  const reserve = () =>
    once(async () => {
      const got = await callApi<CartPayload & { purchase?: PurchaseSummary }>(`/lessons/${id}/reserve`, { method: "POST" });
      if (!got.success) return onFailure(got);
      const { purchase, ...cart } = got.payload;
      if (purchase) return onFinished(cart, purchase);
      return onCart(cart);
    });

  return (
    <div className="lesson-page" data-lesson-page={id}>
      <dl className="payment-quote">
        <div>
          <dt>{t("modal.lesson")}</dt>
          <dd>
            <span className="muted small">{info.fanclub.name}</span> <strong>{slot.title}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("modal.schedule")}</dt>
          <dd>
            {t("public.schedule", {
              start: formatJstDateTime(slot.startAt),
              end: formatJstTime(slot.endAt),
              minutes: slot.durationMinutes,
            })}
          </dd>
        </div>
        <div>
          <dt>{t("modal.method")}</dt>
          <dd>{t(`methods.${slot.method}`)}</dd>
        </div>
        <div>
          <dt>{t("modal.seats")}</dt>
          <dd>{t("public.seatsLeft", { n: slot.seatsLeft })}</dd>
        </div>
        <div>
          <dt>{t("modal.price")}</dt>
          <dd>{free ? t("public.free") : formatYen(slot.price)}</dd>
        </div>
      </dl>
      <section className="lesson-cancel-rule" data-lesson-cancel-rule>
        <h3>{t("modal.cancelRule")}</h3>
        <p className="small">{t("hints.cancelRule")}</p>
      </section>
      {info.reservation ? (
        <p className="flash flash-muted">{t("public.reserved")}</p>
      ) : slot.state !== "open" ? (
        <p className="flash flash-muted">{t(`state.${slot.state}`)}</p>
      ) : (
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
            {t("payments:actions.close")}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void reserve()} data-lesson-action>
            {free ? t("public.reserveFree") : t("public.reserve")}
          </button>
        </div>
      )}
    </div>
  );
}
