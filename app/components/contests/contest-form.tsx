import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { CONTEST_LIMITS, contestSchema, judgeLines, type Judge } from "../../../server/domain/contests";
import { toJstInput } from "../../../server/domain/jst-time";

export interface ContestFormValues {
  name: string;
  slug: string;
  description: string;
  postTemplate: string;
  hashTag: string;
  startAt: number;
  endAt: number;
  entryStartAt: number;
  entryEndAt: number;
  voteStartAt: number;
  voteEndAt: number;
  judges: Judge[];
  prizes: string[];
}

const TIMES = ["startAt", "endAt", "entryStartAt", "entryEndAt", "voteStartAt", "voteEndAt"] as const;

/** The operator's contest form (/ops/contests/new and /ops/contests/{id}/edit). */
export function ContestForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  contest?: ContestFormValues;
  submitLabel: string;
}) {
  const { t } = useTranslation("contests");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => contestSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "contest" });
  const c = props.contest;
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field label={t("fields.name")} id={fields.name.id} errors={fields.name.errors}>
        <input {...getInputProps(fields.name, { type: "text" })} defaultValue={c?.name} maxLength={CONTEST_LIMITS.name} />
      </Field>
      <Field label={t("fields.slug")} id={fields.slug.id} errors={fields.slug.errors} hint={t("hints.slug")}>
        <input {...getInputProps(fields.slug, { type: "text" })} defaultValue={c?.slug} maxLength={CONTEST_LIMITS.slug} />
      </Field>
      <Field label={t("fields.description")} id={fields.description.id} errors={fields.description.errors}>
        <textarea {...getTextareaProps(fields.description)} defaultValue={c?.description} rows={4} />
      </Field>
      <Field
        label={t("fields.postTemplate")}
        id={fields.postTemplate.id}
        errors={fields.postTemplate.errors}
        hint={t("hints.postTemplate")}
      >
        <textarea {...getTextareaProps(fields.postTemplate)} defaultValue={c?.postTemplate} rows={4} />
      </Field>
      <Field label={t("fields.hashTag")} id={fields.hashTag.id} errors={fields.hashTag.errors}>
        <input {...getInputProps(fields.hashTag, { type: "text" })} defaultValue={c?.hashTag} />
      </Field>
      <p className="muted">{t("hints.times")}</p>
      {TIMES.map((name) => (
        <Field key={name} label={t(`fields.${name}`)} id={fields[name].id} errors={fields[name].errors}>
          <input {...getInputProps(fields[name], { type: "datetime-local" })} defaultValue={c ? toJstInput(c[name]) : ""} />
        </Field>
      ))}
      <Field label={t("fields.judges")} id={fields.judges.id} errors={fields.judges.errors} hint={t("hints.judges")}>
        <textarea {...getTextareaProps(fields.judges)} defaultValue={c ? judgeLines(c.judges) : ""} rows={4} />
      </Field>
      <Field label={t("fields.prizes")} id={fields.prizes.id} errors={fields.prizes.errors} hint={t("hints.prizes")}>
        <textarea {...getTextareaProps(fields.prizes)} defaultValue={c ? c.prizes.join("\n") : ""} rows={4} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button">
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
