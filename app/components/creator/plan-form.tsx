import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { PLAN_LIMITS, planSchema } from "../../../server/domain/fanclub-profile";
import { PLAN_PRICE } from "../../../server/domain/fanclub-rules";
import { formatNumber } from "../../../server/domain/number-display";

/** The plan form of plans/new and plans/{id}/edit. With members, the price is fixed and says why. */
export function PlanForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  plan?: { name: string; price: number; description: string; joinLimit: number | null; memberCount: number };
  submitLabel: string;
}) {
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => planSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "plan" });
  const priceLocked = (props.plan?.memberCount ?? 0) > 0;
  const bounds = { min: formatNumber(PLAN_PRICE.min), max: formatNumber(PLAN_PRICE.max) };
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field label={t("fields.planName")} id={fields.name.id} errors={fields.name.errors} hint={t("hints.max", { max: PLAN_LIMITS.name })}>
        <input {...getInputProps(fields.name, { type: "text" })} defaultValue={props.plan?.name} />
      </Field>
      <Field
        label={t("fields.price")}
        id={fields.price.id}
        errors={fields.price.errors}
        hint={priceLocked ? t("plans.priceLocked") : t("plans.priceBounds", bounds)}
      >
        <div className="input-suffix">
          <input
            {...getInputProps(fields.price, { type: "text" })}
            defaultValue={props.plan?.price ?? ""}
            inputMode="numeric"
            readOnly={priceLocked}
            aria-readonly={priceLocked}
          />
          <span>{t("plans.yenPerMonth")}</span>
        </div>
      </Field>
      <Field
        label={t("fields.planDescription")}
        id={fields.description.id}
        errors={fields.description.errors}
        hint={t("hints.max", { max: PLAN_LIMITS.description })}
      >
        <textarea {...getTextareaProps(fields.description)} defaultValue={props.plan?.description} rows={6} />
      </Field>
      <Field label={t("fields.joinLimit")} id={fields.joinLimit.id} errors={fields.joinLimit.errors} hint={t("plans.joinLimitHint")}>
        <input {...getInputProps(fields.joinLimit, { type: "text" })} defaultValue={props.plan?.joinLimit ?? ""} inputMode="numeric" />
      </Field>
      <FormActions backHref="/me/fanclub/plans" backLabel={t("plans.back")} submitLabel={props.submitLabel} />
    </Form>
  );
}
