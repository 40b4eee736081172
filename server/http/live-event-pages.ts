import { data } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import type { Submission } from "@conform-to/react";
import type { AppContext } from "../context";
import { jstParts } from "../domain/live-events";
import type { LiveEventInput } from "../domain/live-event-form";
import { listPlans } from "../services/plans";
import type { LiveEventSaveResult, getCreatorLiveEvent } from "../services/live-events";
import { translatorFor } from "../i18n";

/** What the live event form starts with: a new event tomorrow 20:00–21:00 (Japan time) for ticket holders, or the stored one. */
export function formValuesOf(stored: NonNullable<Awaited<ReturnType<typeof getCreatorLiveEvent>>> | null, now: number) {
  if (!stored) {
    const start = jstParts(now + 24 * 3_600_000);
    return {
      title: "",
      description: "",
      startDate: start.date,
      startTime: "20:00",
      endDate: start.date,
      endTime: "21:00",
      visibility: "ticket" as const,
      status: 0,
      planIds: [] as number[],
      tickets: [] as Array<{
        id: number | null;
        title: string;
        price: number;
        capacity: number | null;
        saleEndDate: string;
        saleEndTime: string;
        soldCount: number;
      }>,
    };
  }
  const start = jstParts(stored.event.startAt);
  const end = jstParts(stored.event.endAt);
  return {
    title: stored.event.title,
    description: stored.event.description,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    visibility: stored.event.visibility,
    status: stored.event.status,
    planIds: stored.planIds,
    tickets: stored.ticketTypes.map((tt) => {
      const saleEnd = tt.saleEndAt !== null ? jstParts(tt.saleEndAt) : null;
      return {
        id: tt.id,
        title: tt.title,
        price: tt.price,
        capacity: tt.capacity,
        saleEndDate: saleEnd?.date ?? "",
        saleEndTime: saleEnd?.time ?? "",
        soldCount: tt.soldCount,
      };
    }),
  };
}

/** The fan club's open plans, for the 'who may watch' choice. */
export async function planChoices(app: AppContext, fanclubId: number) {
  const plans = await listPlans(app.db, fanclubId);
  return plans.map((p) => ({ id: p.id, name: p.name, price: p.price }));
}

/** A save the service refused, as the form's field errors (409). */
export function saveProblemReply(
  app: AppContext,
  submission: Submission<LiveEventInput>,
  result: Extract<LiveEventSaveResult, { ok: false }>,
) {
  const t = translatorFor(app.locale, "lives");
  if (result.reason === "notFound") throw new Response(null, { status: 404 });
  const message = t(`errors.${result.reason}`);
  const field =
    result.reason === "planNotOwned"
      ? "planIds"
      : result.index === undefined
        ? "tickets"
        : `tickets[${result.index}].${result.reason === "capacityBelowSold" ? "capacity" : "price"}`;
  const reply: SubmissionResult<string[]> = submission.reply({ fieldErrors: { [field]: [message] } });
  return data({ result: reply }, { status: 409 });
}
