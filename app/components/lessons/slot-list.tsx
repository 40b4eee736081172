import { Link, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatJstDateTime, formatJstTime } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import type { PublicSlot } from "../../../server/services/lessons";

const Launch = lazy(() => import("~/components/payments/payment-launchers").then((m) => ({ default: m.Launch })));

/** The lesson tab and a lesson post: each slot with its time, seats, price and the viewer's way in. */
export function SlotList({
  slots,
  signedIn,
  loginUrl,
  onChanged,
}: {
  slots: PublicSlot[];
  signedIn: boolean;
  loginUrl: string;
  /** a seat was taken with a ticket: reload what the list shows (default: the page's loaders) */
  onChanged?: () => void;
}) {
  const { t } = useTranslation("lessons");
  const [opened, setOpened] = useState(0);
  const [busy, setBusy] = useState(0);
  const toast = useToast();
  const revalidator = useRevalidator();
  // a ticket seat needs no payment modal: one call uses the ticket and takes the seat (decision 038)
  const reserveWithTicket = async (slotId: number) => {
    setBusy(slotId);
    try {
      const res = await callApi<{ message: string }>(`/lessons/${slotId}/reserve_with_ticket`, { method: "POST" });
      toast.show(res.payload.message ?? t("ticketSeat.failed"), res.success ? "success" : "error");
      if (res.success) (onChanged ?? revalidator.revalidate)();
    } catch {
      toast.show(t("ticketSeat.failed"), "error");
    } finally {
      setBusy(0);
    }
  };
  if (!slots.length) return <p className="empty-state">{t("public.empty")}</p>;
  return (
    <>
      <ul className="card-list lesson-list">
        {slots.map((s) => (
          <li key={s.id} className="card lesson-card" data-lesson-slot={s.title}>
            <div className="lesson-card-head">
              <strong>{s.title}</strong>{" "}
              <span className={s.state === "open" ? "badge" : "badge badge-muted"} data-lesson-state={s.state}>
                {t(`state.${s.state}`)}
              </span>
            </div>
            <p className="small">
              {t("public.schedule", { start: formatJstDateTime(s.startAt), end: formatJstTime(s.endAt), minutes: s.durationMinutes })}
            </p>
            {s.description ? <p className="small muted">{s.description}</p> : null}
            <p className="small">
              {t(`methods.${s.method}`)} ·{" "}
              {s.ticket ? (
                <span data-lesson-ticket>{t("public.byTicket", { name: s.ticket.name })}</span>
              ) : s.price === 0 ? (
                t("public.free")
              ) : (
                formatYen(s.price)
              )}{" "}
              · <span data-seats-left={s.seatsLeft}>{t("public.seatsLeft", { n: s.seatsLeft })}</span>
            </p>
            {s.reservation ? (
              <p className="small">
                <span className="badge" data-lesson-reserved>
                  {t(`seatStatus.${s.reservation.status}`)}
                </span>{" "}
                <Link to="/me/purchase_histories/lesson_reservation">{t("public.reserved")}</Link>
              </p>
            ) : s.state === "open" ? (
              signedIn && s.ticket ? (
                <>
                  <p className="small" data-tickets-held={s.ticket.held}>
                    {s.ticket.held ? t("public.ticketsHeld", { n: s.ticket.held }) : t("ticketSeat.noTicket")}{" "}
                    {s.ticket.held === 0 && s.ticket.onSale ? (
                      // the fan club sells the ticket this seat takes: its ticket page is one click away
                      <a href={`/fanclubs/${s.fanclubId}/special_tickets`} data-lesson-buy-ticket>
                        {t("public.buyTicket")}
                      </a>
                    ) : null}
                  </p>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void reserveWithTicket(s.id)}
                    disabled={busy === s.id || s.ticket.held === 0}
                    data-lesson-reserve-ticket={s.id}
                  >
                    {t("public.reserveWithTicket")}
                  </button>
                </>
              ) : signedIn ? (
                <button type="button" className="button" onClick={() => setOpened(s.id)} data-lesson-reserve={s.id}>
                  {s.price === 0 ? t("public.reserveFree") : t("public.reserve")}
                </button>
              ) : (
                <a className="button" href={loginUrl}>
                  {t("public.signIn")}
                </a>
              )
            ) : null}
          </li>
        ))}
      </ul>
      <p className="small muted">{t("hints.cancelRule")}</p>
      {opened ? (
        <Suspense fallback={null}>
          <Launch key={opened} start={{ kind: "item", page: 80, id: opened }} onClose={(changed) => (changed ? undefined : setOpened(0))} />
        </Suspense>
      ) : null}
    </>
  );
}
