import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { PublishChoice } from "~/components/form/publish-choice";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { raffleSchema } from "../../../server/domain/raffle-form";
import { RAFFLE_LIMITS } from "../../../server/domain/raffles";
import { toJstInput } from "../../../server/domain/jst-time";
import { formatNumber } from "../../../server/domain/number-display";

export type RaffleFormValues = {
  title: string;
  description: string;
  prizeDescription: string;
  entryPrice: number;
  winnerCount: number;
  maxEntriesPerFan: number;
  entryStartAt: number;
  entryEndAt: number;
  published: boolean;
};

/** The raffle form of raffles/new and raffles/{id}/edit. With entries, the price is fixed and says why. */
export function RaffleForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  raffle?: RaffleFormValues;
  priceLocked?: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation("raffles");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => raffleSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "raffle" });
  const r = props.raffle;
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field
        label={t("fields.title")}
        id={fields.title.id}
        errors={fields.title.errors}
        hint={t("hints.max", { max: RAFFLE_LIMITS.title })}
      >
        <input {...getInputProps(fields.title, { type: "text" })} defaultValue={r?.title} />
      </Field>
      <Field
        label={t("fields.description")}
        id={fields.description.id}
        errors={fields.description.errors}
        hint={t("hints.max", { max: RAFFLE_LIMITS.description })}
      >
        <textarea {...getTextareaProps(fields.description)} defaultValue={r?.description} rows={5} />
      </Field>
      <Field
        label={t("fields.prizeDescription")}
        id={fields.prizeDescription.id}
        errors={fields.prizeDescription.errors}
        hint={t("hints.max", { max: RAFFLE_LIMITS.prizeDescription })}
      >
        <textarea {...getTextareaProps(fields.prizeDescription)} defaultValue={r?.prizeDescription} rows={3} />
      </Field>
      <Field
        label={t("fields.entryPrice")}
        id={fields.entryPrice.id}
        errors={fields.entryPrice.errors}
        hint={props.priceLocked ? t("hints.priceLocked") : t("hints.price", { max: formatNumber(RAFFLE_LIMITS.maxPrice) })}
      >
        <input
          {...getInputProps(fields.entryPrice, { type: "text" })}
          defaultValue={r?.entryPrice ?? ""}
          inputMode="numeric"
          readOnly={props.priceLocked}
          aria-readonly={props.priceLocked}
        />
      </Field>
      <Field
        label={t("fields.winnerCount")}
        id={fields.winnerCount.id}
        errors={fields.winnerCount.errors}
        hint={t("hints.winnerCount", { max: RAFFLE_LIMITS.maxWinners })}
      >
        <input {...getInputProps(fields.winnerCount, { type: "text" })} defaultValue={r?.winnerCount ?? 1} inputMode="numeric" />
      </Field>
      <Field
        label={t("fields.maxEntriesPerFan")}
        id={fields.maxEntriesPerFan.id}
        errors={fields.maxEntriesPerFan.errors}
        hint={t("hints.maxEntriesPerFan", { max: RAFFLE_LIMITS.maxEntriesPerFan })}
      >
        <input {...getInputProps(fields.maxEntriesPerFan, { type: "text" })} defaultValue={r?.maxEntriesPerFan ?? 1} inputMode="numeric" />
      </Field>
      <Field label={t("fields.entryStartAt")} id={fields.entryStartAt.id} errors={fields.entryStartAt.errors} hint={t("hints.window")}>
        <input
          {...getInputProps(fields.entryStartAt, { type: "datetime-local" })}
          defaultValue={r ? toJstInput(r.entryStartAt) : undefined}
        />
      </Field>
      <Field label={t("fields.entryEndAt")} id={fields.entryEndAt.id} errors={fields.entryEndAt.errors}>
        <input {...getInputProps(fields.entryEndAt, { type: "datetime-local" })} defaultValue={r ? toJstInput(r.entryEndAt) : undefined} />
      </Field>
      <PublishChoice
        field={fields.publish}
        label={t("fields.publish")}
        initiallyPublished={r?.published ?? false}
        publishedHint={t("hints.publish")}
      />
      <FormActions backHref="/me/fanclub/raffles" backLabel={t("creator.back")} submitLabel={props.submitLabel} />
    </Form>
  );
}
