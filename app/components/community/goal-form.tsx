import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { shareGoalSchema } from "../../../server/domain/share-goals";

/** The share goal form of share_goals/new and {id}/edit: what to reach, by when (JST), and the promise. */
export function GoalForm(props: {
  defaults: { title: string; metric: string; target: string; deadline: string; reward: string };
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitLabel: string;
}) {
  const { t } = useTranslation("community");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => shareGoalSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult);
  const busy = useNavigation().state !== "idle";
  const d = props.defaults;
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field label={t("goals.fields.titleLabel")} id={fields.title.id} errors={fields.title.errors}>
        <input {...getInputProps(fields.title, { type: "text" })} defaultValue={d.title} />
      </Field>
      <Field label={t("goals.fields.metric")} id={fields.metric.id} errors={fields.metric.errors}>
        <select {...getSelectProps(fields.metric)} defaultValue={d.metric}>
          <option value="supporters">{t("goals.metrics.supporters")}</option>
          <option value="monthly_amount">{t("goals.metrics.monthly_amount")}</option>
        </select>
      </Field>
      <Field label={t("goals.fields.target")} id={fields.target.id} errors={fields.target.errors} hint={t("goals.targetHint")}>
        <input {...getInputProps(fields.target, { type: "text" })} defaultValue={d.target} inputMode="numeric" />
      </Field>
      <Field label={t("goals.fields.deadline")} id={fields.deadline.id} errors={fields.deadline.errors} hint={t("jstHint")}>
        <input {...getInputProps(fields.deadline, { type: "datetime-local" })} defaultValue={d.deadline} />
      </Field>
      <Field label={t("goals.fields.reward")} id={fields.reward.id} errors={fields.reward.errors} hint={t("goals.rewardHint")}>
        <textarea {...getTextareaProps(fields.reward)} defaultValue={d.reward} rows={3} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
