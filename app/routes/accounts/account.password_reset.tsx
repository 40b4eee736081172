import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { EmailRequestForm } from "~/components/account/email-request-form";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { emailOnlySchema, newPasswordSchema } from "../../../server/domain/accounts";
import { setFlash } from "../../../server/http/flash";
import { clearSessionCookie } from "../../../server/http/session-cookie";
import { translatorFor } from "../../../server/i18n";
import { requestPasswordReset, resetPassword, resetTokenState, takeMailAllowance } from "../../../server/services/accounts";
import { mailThrottled } from "../../../server/http/mail-throttle";
import { enqueueEmail } from "../../../server/services/mailer";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

/**
 * Without a token: ask for the address and send a reset link. With `reset_password_token` (the
 * link in the e-mail): choose a new password; every session of the account ends.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const token = new URL(request.url).searchParams.get("reset_password_token");
  if (token === null) return { title: t("passwordReset.title"), token: null, tokenValid: false };
  const state = await resetTokenState(app.db, token, Date.now());
  return { title: t("passwordReset.newTitle"), token, tokenValid: state === "valid" };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const token = new URL(request.url).searchParams.get("reset_password_token");
  const formData = await request.formData();
  if (token === null) {
    const submission = parseWithZod(formData, { schema: emailOnlySchema(t) });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const wait = await takeMailAllowance(app.db, { email: submission.value.email, ip: app.clientIp, now: Date.now() });
    if (wait !== null) return mailThrottled(submission, t, wait);
    const emailId = await requestPasswordReset(app.db, { email: submission.value.email, links: app.origins, now: Date.now() });
    enqueueEmail(app.env, app.waitUntil, emailId);
    // the same page whether or not the address has an account
    throw redirect("/account/password_reset_complete");
  }
  const submission = parseWithZod(formData, { schema: newPasswordSchema(t) });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: ["password", "passwordConfirmation"] }) }, { status: 400 });
  const result = await resetPassword(app.db, { token, password: submission.value.password, now: Date.now() });
  if (!result.ok) return data({ result: submission.reply({ formErrors: [t("passwordReset.invalidLink")] }) }, { status: 400 });
  clearSessionCookie(app);
  setFlash(app, [{ type: "info", key: "flash.passwordReset" }]);
  throw redirect(`${app.origins.login}/auth/login`);
}

export default function PasswordReset() {
  const { token, tokenValid } = useLoaderData<typeof loader>();
  return token === null ? <RequestForm /> : tokenValid ? <NewPasswordForm /> : <InvalidLink />;
}

function RequestForm() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  return (
    <EmailRequestForm
      title={t("passwordReset.title")}
      lead={t("passwordReset.lead")}
      submit={t("passwordReset.submit")}
      lastResult={actionData?.result}
    />
  );
}

function NewPasswordForm() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => newPasswordSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  return (
    <section className="card auth-card">
      <h1>{t("passwordReset.newTitle")}</h1>
      <p className="muted">{t("passwordReset.newLead")}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="form">
        <NewPasswordFields password={fields.password} confirmation={fields.passwordConfirmation} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("passwordReset.submitNew")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function InvalidLink() {
  const { t } = useTranslation("account");
  return (
    <section className="card auth-card">
      <h1>{t("passwordReset.newTitle")}</h1>
      <p className="flash flash-error" role="alert">
        {t("passwordReset.invalidLink")}
      </p>
      <p>
        <a className="button" href="/account/password_reset">
          {t("passwordReset.title")}
        </a>
      </p>
    </section>
  );
}
