import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { GROUP_LIMITS, groupSchema } from "../../../server/domain/fanclub-groups";

/** The create and edit form of a group: the same schema the action parses. */
export function GroupForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: { name: string; description: string };
  submitLabel: string;
}) {
  const { t } = useTranslation("groups");
  const schema = useMemo(() => groupSchema(t), [t]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "group-form" });
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <FormErrors errors={form.errors} />
      <Field label={t("fields.name")} errors={fields.name.errors} id={fields.name.id} hint={t("hints.name", { max: GROUP_LIMITS.nameMax })}>
        <input {...getInputProps(fields.name, { type: "text" })} defaultValue={fields.name.initialValue ?? props.defaultValue?.name} />
      </Field>
      <Field
        label={t("fields.description")}
        errors={fields.description.errors}
        id={fields.description.id}
        hint={t("hints.description", { max: GROUP_LIMITS.descriptionMax })}
      >
        <textarea
          {...getTextareaProps(fields.description)}
          rows={6}
          defaultValue={fields.description.initialValue ?? props.defaultValue?.description}
        />
      </Field>
      <FormActions backHref="/me/fanclub_group" backLabel={t("actions.cancel")} submitLabel={props.submitLabel} />
    </Form>
  );
}
