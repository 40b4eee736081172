import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { TIME_CHOICES } from "../../../server/domain/live-events";
import { SCHEDULE_LIMITS } from "../../../server/domain/schedules";

export type ScheduleFormValues = {
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  membersOnly: boolean | string;
  link: string;
};

type LinkChoice = { value: string; kind: "live_event" | "post"; title: string };

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/** A date and one of the half-hour choices (spec §5), in Japan time. */
function When(props: { name: "start" | "end"; date: string; time: string; error?: string }) {
  const { t } = useTranslation("schedules");
  const label = t(`fields.${props.name}`);
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      <div className="inline-fields">
        <input
          type="date"
          name={`${props.name}Date`}
          defaultValue={props.date}
          required
          aria-label={`${label} ${t("fields.date")}`}
          aria-invalid={props.error ? true : undefined}
        />
        <select name={`${props.name}Time`} defaultValue={props.time} aria-label={`${label} ${t("fields.time")}`}>
          {TIME_CHOICES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${props.name}-error`} message={props.error} />
    </fieldset>
  );
}

/** The creator's entry form (new and edit): title, start and end (JST), description, who sees it, an optional link. */
export function ScheduleForm(props: {
  values: ScheduleFormValues;
  errors?: Partial<Record<"title" | "description" | "start" | "end" | "link", string>>;
  links: LinkChoice[];
  submitLabel: string;
}) {
  const { t } = useTranslation("schedules");
  const v = props.values;
  const e = props.errors ?? {};
  const membersOnly = v.membersOnly === true || v.membersOnly === "on";
  return (
    <Form method="post" className="form" noValidate>
      <label className="field">
        <span>{t("fields.title")}</span>
        <input
          name="title"
          defaultValue={v.title}
          required
          maxLength={SCHEDULE_LIMITS.title}
          aria-invalid={e.title ? true : undefined}
          aria-describedby={e.title ? "title-error" : undefined}
        />
        <FieldError id="title-error" message={e.title} />
      </label>
      <When name="start" date={v.startDate} time={v.startTime} error={e.start} />
      <When name="end" date={v.endDate} time={v.endTime} error={e.end} />
      <label className="field">
        <span>{t("fields.description")}</span>
        <textarea name="description" rows={5} defaultValue={v.description} maxLength={SCHEDULE_LIMITS.description} />
        <FieldError id="description-error" message={e.description} />
      </label>
      <label className="checkbox">
        <input type="checkbox" name="membersOnly" defaultChecked={membersOnly} /> {t("fields.membersOnly")}
      </label>
      <label className="field">
        <span>{t("fields.link")}</span>
        <select name="link" defaultValue={v.link} aria-invalid={e.link ? true : undefined}>
          <option value="">{t("form.noLink")}</option>
          {props.links.map((l) => (
            <option key={l.value} value={l.value}>
              {t(`form.linkKind.${l.kind}`)}: {l.title || `#${l.value.split(":")[1]}`}
            </option>
          ))}
        </select>
        <FieldError id="link-error" message={e.link} />
      </label>
      <div className="form-actions">
        <Link to="/me/fanclub/schedules">{t("form.cancel")}</Link>
        <button type="submit" className="button">
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
