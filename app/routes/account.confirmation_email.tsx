import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { emailOnlySchema } from "../../server/domain/accounts";
import { translatorFor } from "../../server/i18n";
import { resendConfirmation } from "../../server/services/accounts";
import { enqueueEmail } from "../../server/services/mailer";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: translatorFor(context.app.locale, "account")("confirmationEmail.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const submission = parseWithZod(await request.formData(), { schema: emailOnlySchema(translatorFor(app.locale, "account")) });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const emailId = await resendConfirmation(app.db, { email: submission.value.email, links: app.origins, now: Date.now() });
  enqueueEmail(app.env, app.waitUntil, emailId);
  // the same answer whether or not the address has an account
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ConfirmationEmail() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => emailOnlySchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  return (
    <section className="card auth-card">
      <h1>{t("confirmationEmail.title")}</h1>
      <p className="muted">{t("confirmationEmail.lead")}</p>
      {actionData?.sent ? (
        <p className="flash flash-info" role="status">
          {t("confirmationEmail.sent")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <Field label={t("fields.email")} errors={fields.email.errors} id={fields.email.id}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("confirmationEmail.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
