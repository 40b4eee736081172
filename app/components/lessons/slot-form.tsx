import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { LESSON_LIMITS, LESSON_PRICE } from "../../../server/domain/lessons";
import { TIME_CHOICES } from "../../../server/domain/live-events";
import { formatYen } from "../../../server/domain/number-display";
import { LESSON_DURATIONS } from "../../../server/domain/posts";

type SlotFormValues = Partial<Record<string, string>>;

type Props = {
  values: SlotFormValues;
  errors: Record<string, string[] | null | undefined> | undefined;
  posts: Array<{ id: number; title: string }>;
  ticketTypes: Array<{ id: number; name: string }>;
  locked: boolean;
  submitLabel: string;
};

function FieldError({ messages, name }: { messages: string[] | null | undefined; name: string }) {
  if (!messages?.length) return null;
  return (
    <p className="field-error" role="alert" data-error-for={name}>
      {messages[0]}
    </p>
  );
}

/** The slot form of new and edit: start on half-hour choices (JST), length 10–300 in tens, seats, method, price, window. */
export function SlotForm({ values, errors, posts, ticketTypes, locked, submitLabel }: Props) {
  const { t } = useTranslation("lessons");
  const e = errors ?? {};
  const time = (name: string) => (
    <select name={name} defaultValue={values[name] ?? ""} disabled={locked && name === "startTime"}>
      <option value="">--:--</option>
      {TIME_CHOICES.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
  return (
    <Form method="post" className="form lesson-slot-form" data-lesson-slot-form>
      {locked ? <p className="flash flash-muted">{t("hints.locked")}</p> : null}
      <label>
        {t("fields.title")}
        <input name="title" defaultValue={values.title ?? ""} maxLength={LESSON_LIMITS.title} required />
      </label>
      <FieldError messages={e.title} name="title" />
      <label>
        {t("fields.description")}
        <textarea name="description" defaultValue={values.description ?? ""} maxLength={LESSON_LIMITS.description} rows={3} />
      </label>
      <FieldError messages={e.description} name="description" />
      <fieldset disabled={locked}>
        <legend>{t("fields.startAt")}</legend>
        <input type="date" name="startDate" defaultValue={values.startDate ?? ""} aria-label={t("fields.startAt")} />
        {time("startTime")}
        <FieldError messages={e.startDate} name="startDate" />
        <label>
          {t("fields.duration")}
          <select name="duration" defaultValue={values.duration ?? "60"}>
            {LESSON_DURATIONS.map((m) => (
              <option key={m} value={m}>
                {t("hints.minutes", { n: m })}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">{t("hints.duration")}</p>
        <FieldError messages={e.duration} name="duration" />
        <label>
          {t("fields.capacity")}
          <input name="capacity" inputMode="numeric" defaultValue={values.capacity ?? "1"} />
        </label>
        <p className="hint">{t("hints.capacity", { max: LESSON_LIMITS.capacityMax })}</p>
        <FieldError messages={e.capacity} name="capacity" />
        <label>
          {t("fields.method")}
          <select name="method" defaultValue={values.method ?? "online"}>
            <option value="online">{t("methods.online")}</option>
            <option value="external">{t("methods.external")}</option>
          </select>
        </label>
        <FieldError messages={e.method} name="method" />
        <label>
          {t("fields.priceType")}
          <select name="priceType" defaultValue={values.priceType ?? "yen"}>
            <option value="yen">{t("priceTypes.yen")}</option>
            <option value="ticket" disabled={!ticketTypes.length}>
              {t("priceTypes.ticket")}
            </option>
          </select>
        </label>
        <label>
          {t("fields.ticketType")}
          <select name="ticketTypeId" defaultValue={values.ticketTypeId ?? ""}>
            <option value="">--</option>
            {ticketTypes.map((tt) => (
              <option key={tt.id} value={tt.id}>
                {tt.name}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">{ticketTypes.length ? t("hints.ticketType") : t("hints.noTicketType")}</p>
        <FieldError messages={e.ticketTypeId} name="ticketTypeId" />
        <label>
          {t("fields.price")}
          <input name="price" inputMode="numeric" defaultValue={values.price ?? "0"} />
        </label>
        <p className="hint">{t("hints.price", { min: formatYen(LESSON_PRICE.min), max: formatYen(LESSON_PRICE.max) })}</p>
        <FieldError messages={e.price} name="price" />
      </fieldset>
      {locked
        ? // a disabled fieldset sends nothing: the locked values go along unchanged
          ["startDate", "startTime", "duration", "capacity", "method", "priceType", "ticketTypeId", "price"].map((name) => (
            <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
          ))
        : null}
      <label>
        {t("fields.externalUrl")}
        <input name="externalUrl" type="url" defaultValue={values.externalUrl ?? ""} placeholder="https://" />
      </label>
      <p className="hint">{t("hints.externalUrl")}</p>
      <FieldError messages={e.externalUrl} name="externalUrl" />
      <fieldset>
        <legend>{t("fields.reservationStartAt")}</legend>
        <input
          type="date"
          name="reservationStartDate"
          defaultValue={values.reservationStartDate ?? ""}
          aria-label={t("fields.reservationStartAt")}
        />
        {time("reservationStartTime")}
        <FieldError messages={e.reservationStartDate} name="reservationStartDate" />
      </fieldset>
      <fieldset>
        <legend>{t("fields.reservationEndAt")}</legend>
        <input
          type="date"
          name="reservationEndDate"
          defaultValue={values.reservationEndDate ?? ""}
          aria-label={t("fields.reservationEndAt")}
        />
        {time("reservationEndTime")}
        <FieldError messages={e.reservationEndDate} name="reservationEndDate" />
        <p className="hint">{t("hints.window")}</p>
      </fieldset>
      <label>
        {t("fields.post")}
        <select name="postId" defaultValue={values.postId ?? ""}>
          <option value="">{t("hints.noPost")}</option>
          {posts.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <FieldError messages={e.postId} name="postId" />
      <p className="hint">{t("hints.cancelRule")}</p>
      <button type="submit" className="button">
        {submitLabel}
      </button>
    </Form>
  );
}
