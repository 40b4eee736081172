import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { Field } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { emailOnlySchema } from "../../../server/domain/accounts";

/** "Enter your address and we send you a link": resending the confirmation, resetting a password. */
export function EmailRequestForm(props: {
  title: string;
  lead: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  notice?: ReactNode;
}) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const schema = useMemo(() => emailOnlySchema(t), [t]);
  const [form, fields] = useZodForm(schema, props.lastResult);
  return (
    <section className="card auth-card">
      <h1>{props.title}</h1>
      <p className="muted">{props.lead}</p>
      {props.notice}
      <Form method="post" {...getFormProps(form)} className="form">
        <Field label={t("fields.email")} errors={fields.email.errors} id={fields.email.id}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {props.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}
