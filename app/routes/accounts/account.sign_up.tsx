import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Fragment, useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { ACCOUNT_LIMITS, signUpSchema } from "../../../server/domain/accounts";
import { translatorFor } from "../../../server/i18n";
import { signUp } from "../../../server/services/accounts";
import { safeReturnUrl } from "../../../server/domain/return-path";
import { knownOrigins } from "../../../server/services/sign-in";
import { enqueueEmail } from "../../../server/services/mailer";
import { twitterConfigured } from "../../../server/integrations/twitter";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  if (app.user) throw redirect(`${app.origins.user}/me/settings/account`);
  // where the person was going when sign-in sent them here; it survives the confirmation e-mail
  const loggedInPath = safeReturnUrl(new URL(request.url).searchParams.get("loggedInPath"), knownOrigins(app)) ?? "";
  return { title: translatorFor(app.locale, "account")("signUp.title"), twitter: twitterConfigured(app.env), loggedInPath };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: signUpSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const returnTo = safeReturnUrl(String(form.get("loggedInPath") ?? ""), knownOrigins(app));
  const result = await signUp(app.db, { ...submission.value, locale: app.locale, links: app.origins, now: Date.now(), returnTo });
  if (!result.ok) {
    return data(
      { result: submission.reply({ fieldErrors: { email: [t("errors.duplicateEmail")] }, hideFields: ["password"] }) },
      { status: 409 },
    );
  }
  enqueueEmail(app.env, app.waitUntil, result.emailId);
  throw redirect("/account/sign_up_complete");
}

/** "{{terms}}と{{privacy}}に同意する" with the two names as links to the legal pages. */
export function AgreeLabel({ text, terms, privacy }: { text: string; terms: React.ReactNode; privacy: React.ReactNode }) {
  return (
    <>
      {text.split(/(\{\{terms\}\}|\{\{privacy\}\})/).map((part, i) => (
        <Fragment key={i}>{part === "{{terms}}" ? terms : part === "{{privacy}}" ? privacy : part}</Fragment>
      ))}
    </>
  );
}

export default function SignUp() {
  const { t } = useTranslation("account");
  const { twitter, loggedInPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const origins = useRootData()?.origins;
  const schema = useMemo(() => signUpSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  const busy = navigation.state !== "idle";
  return (
    <section className="card auth-card" aria-labelledby="sign-up-title">
      <h1 id="sign-up-title">{t("signUp.title")}</h1>
      <p className="muted">{t("signUp.lead")}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="form">
        {loggedInPath ? <input type="hidden" name="loggedInPath" value={loggedInPath} /> : null}
        <Field label={t("fields.email")} errors={fields.email.errors} id={fields.email.id}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field label={t("fields.password")} errors={fields.password.errors} id={fields.password.id} hint={t("signUp.passwordHint")}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" />
        </Field>
        <Field label={t("fields.name")} errors={fields.name.errors} id={fields.name.id}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="nickname" maxLength={ACCOUNT_LIMITS.nameMax} />
        </Field>
        <div className="field field-check">
          <label>
            <input {...getInputProps(fields.agree, { type: "checkbox" })} />{" "}
            <AgreeLabel
              text={t("signUp.agree")}
              terms={
                <a href={`${origins?.base ?? ""}/help/terms`} target="_blank" rel="noreferrer">
                  {t("signUp.agreeTerms")}
                </a>
              }
              privacy={
                <a href={`${origins?.base ?? ""}/help/privacy`} target="_blank" rel="noreferrer">
                  {t("signUp.agreePrivacy")}
                </a>
              }
            />
          </label>
          {fields.agree.errors?.length ? (
            <ul className="field-errors" id={`${fields.agree.id}-error`}>
              {fields.agree.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("signUp.submitting") : t("signUp.submit")}
          </button>
        </div>
      </Form>
      {twitter ? (
        <p>
          <a className="button button-outline" href="/account/sign_up/twitter">
            {t("signUp.twitter")}
          </a>
        </p>
      ) : null}
      <p className="auth-links">
        {t("signUp.haveAccount")} <a href={`${origins?.login ?? ""}/auth/login`}>{t("signUp.login")}</a>
      </p>
    </section>
  );
}
