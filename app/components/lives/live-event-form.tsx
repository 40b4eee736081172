import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { liveEventSchema, ticketYen } from "../../../server/domain/live-event-form";
import { LIVE_LIMITS, TICKET_PRICE, TIME_CHOICES, type LiveVisibility } from "../../../server/domain/live-events";

export type LiveEventFormValues = {
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  visibility: LiveVisibility;
  status: number;
  planIds: number[];
  tickets: Array<{
    id: number | null;
    title: string;
    price: number;
    capacity: number | null;
    saleEndDate: string;
    saleEndTime: string;
    soldCount: number;
  }>;
};

/** Date and a half-hour time choice (spec §5), Japan time. */
function DateTime(props: {
  label: string;
  dateName: string;
  timeName: string;
  date: string;
  time: string;
  errors: string[] | undefined;
  id: string;
}) {
  const { t } = useTranslation("lives");
  return (
    <Field label={props.label} id={props.id} errors={props.errors} hint={t("hints.schedule")}>
      <div className="input-row">
        <input
          id={props.id}
          name={props.dateName}
          type="date"
          defaultValue={props.date}
          aria-label={`${props.label} ${t("fields.date")}`}
        />
        <select name={props.timeName} defaultValue={props.time} aria-label={`${props.label} ${t("fields.time")}`}>
          {TIME_CHOICES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

/** The live event form of live_events/new and edit/{id}: schedule, who may watch, status and ticket types. */
export function LiveEventForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  values: LiveEventFormValues;
  plans: Array<{ id: number; name: string; price: number }>;
  submitLabel: string;
}) {
  const { t } = useTranslation("lives");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => liveEventSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "live-event" });
  const [visibility, setVisibility] = useState<LiveVisibility>(props.values.visibility);
  const v = props.values;
  const rows = [
    ...v.tickets,
    ...Array.from({ length: Math.max(0, LIVE_LIMITS.ticketTypes - v.tickets.length) }, () => ({
      id: null,
      title: "",
      price: 0,
      capacity: null,
      saleEndDate: "",
      saleEndTime: "",
      soldCount: 0,
    })),
  ];
  const rowErrors = (i: number, name: string) => form.allErrors[`tickets[${i}].${name}`];
  const showPlans = visibility === "plan" || visibility === "both";
  const showTickets = visibility === "ticket" || visibility === "both";
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field
        label={t("fields.title")}
        id={fields.title.id}
        errors={fields.title.errors}
        hint={tc("validation.maxLength", { max: LIVE_LIMITS.title })}
      >
        <input {...getInputProps(fields.title, { type: "text" })} defaultValue={v.title} />
      </Field>
      <Field
        label={t("fields.description")}
        id={fields.description.id}
        errors={fields.description.errors}
        hint={tc("validation.maxLength", { max: LIVE_LIMITS.description })}
      >
        <textarea {...getTextareaProps(fields.description)} defaultValue={v.description} rows={5} />
      </Field>
      <DateTime
        label={t("fields.startAt")}
        id={fields.startDate.id}
        dateName="startDate"
        timeName="startTime"
        date={v.startDate}
        time={v.startTime}
        errors={fields.startDate.errors}
      />
      <DateTime
        label={t("fields.endAt")}
        id={fields.endDate.id}
        dateName="endDate"
        timeName="endTime"
        date={v.endDate}
        time={v.endTime}
        errors={fields.endDate.errors}
      />
      <fieldset className="field">
        <legend>{t("fields.visibility")}</legend>
        {(["plan", "ticket", "both"] as const).map((value) => (
          <label key={value} className="checkbox">
            <input
              type="radio"
              name="visibility"
              value={value}
              defaultChecked={v.visibility === value}
              onChange={() => setVisibility(value)}
            />{" "}
            {t(`visibility.${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="field" hidden={!showPlans}>
        <legend>{t("fields.plans")}</legend>
        {props.plans.map((p) => (
          <label key={p.id} className="checkbox">
            <input type="checkbox" name="planIds" value={p.id} defaultChecked={v.planIds.includes(p.id)} /> {p.name}
          </label>
        ))}
        {fields.planIds.errors?.length ? (
          <ul className="field-errors">
            {fields.planIds.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <fieldset className="field" hidden={!showTickets}>
        <legend>{t("fields.tickets")}</legend>
        <p className="muted small">
          {t("hints.ticketRows", { max: LIVE_LIMITS.ticketTypes })}{" "}
          {t("hints.ticketPrice", { min: ticketYen(TICKET_PRICE.min), max: ticketYen(TICKET_PRICE.max) })}
        </p>
        {fields.tickets.errors?.length ? <FormErrors errors={fields.tickets.errors} /> : null}
        {rows.map((row, i) => {
          const locked = row.soldCount > 0;
          const errors = [
            ...(rowErrors(i, "title") ?? []),
            ...(rowErrors(i, "price") ?? []),
            ...(rowErrors(i, "capacity") ?? []),
            ...(rowErrors(i, "saleEndDate") ?? []),
          ];
          return (
            <div key={i} className="ticket-type-row" data-ticket-row={i}>
              {row.id !== null ? <input type="hidden" name={`tickets[${i}].id`} value={row.id} /> : null}
              <input
                name={`tickets[${i}].title`}
                defaultValue={row.title}
                placeholder={t("fields.ticketTitle")}
                aria-label={`${t("fields.ticketTitle")} ${i + 1}`}
              />
              <input
                name={`tickets[${i}].price`}
                defaultValue={row.id !== null ? String(row.price) : ""}
                inputMode="numeric"
                placeholder={t("fields.ticketPrice")}
                aria-label={`${t("fields.ticketPrice")} ${i + 1}`}
                readOnly={locked}
                aria-readonly={locked}
                title={locked ? t("hints.priceLocked") : undefined}
              />
              <input
                name={`tickets[${i}].capacity`}
                defaultValue={row.capacity ?? ""}
                inputMode="numeric"
                placeholder={t("hints.capacity")}
                aria-label={`${t("fields.capacity")} ${i + 1}`}
              />
              <input
                name={`tickets[${i}].saleEndDate`}
                type="date"
                defaultValue={row.saleEndDate}
                aria-label={`${t("fields.saleEnd")} ${t("fields.date")} ${i + 1}`}
                title={t("hints.saleEnd")}
              />
              <select
                name={`tickets[${i}].saleEndTime`}
                defaultValue={row.saleEndTime}
                aria-label={`${t("fields.saleEnd")} ${t("fields.time")} ${i + 1}`}
              >
                <option value="">--:--</option>
                {TIME_CHOICES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {errors.length ? (
                <ul className="field-errors">
                  {errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <Field label={t("fields.status")} id={fields.status.id} errors={fields.status.errors}>
        <select id={fields.status.id} name="status" defaultValue={String(v.status)}>
          {["0", "1", "2"].map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      <FormActions backHref="/me/fanclub/live_events" backLabel={t("creator.back")} submitLabel={props.submitLabel} />
    </Form>
  );
}
