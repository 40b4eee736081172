import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { PasskeyLogin } from "./passkey-login";
import { useRootData } from "~/lib/root-data";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { loginSchema } from "../../../../server/domain/accounts";
import { waitMinutes } from "../../../../server/domain/throttle";
import { safeReturnUrl } from "../../../../server/domain/return-path";
import { OTP_PENDING_COOKIE, startSession } from "../../../../server/http/session-cookie";
import { startPendingLogin } from "../../../../server/services/two-step";
import { translatorFor } from "../../../../server/i18n";
import { authenticate } from "../../../../server/services/accounts";
import { destinationAfterSignIn, knownOrigins, returnTarget } from "../../../../server/services/sign-in";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

/**
 * Sign-in, on the login domain only. A visitor sent here from a login-required page carries
 * `loggedInPath`; after signing in they return to exactly that URL (only ever one of ours).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const loggedInPath = new URL(request.url).searchParams.get("loggedInPath");
  const target = returnTarget(app, loggedInPath);
  if (app.session) {
    // already signed in: carry on to where they were going
    throw redirect(destinationAfterSignIn(app, target, false));
  }
  const t = translatorFor(app.locale, "account");
  // only a URL on one of our origins is shown and carried through the form
  const returnTo = safeReturnUrl(loggedInPath, knownOrigins(app));
  // said as the brand's name (or its host), not as a raw URL full of query strings
  const returnOrigin = returnTo ? new URL(returnTo).origin : null;
  const returnSite = returnOrigin
    ? (app.services.find((s) => new URL(s.frontUrl).origin === returnOrigin)?.name ?? new URL(returnOrigin).host)
    : null;
  return { title: t("login.title"), returnSite, loggedInPath: returnTo ?? "" };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const submission = parseWithZod(await request.formData(), { schema: loginSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });

  const { email, password, loggedInPath } = submission.value;
  const result = await authenticate(app.db, { email, password, ip: app.clientIp, now: Date.now() });
  if (!result.ok) {
    if (result.reason === "locked") {
      // slowed down for this account from this source only; the owner elsewhere signs in as usual
      return data(
        {
          result: submission.reply({ formErrors: [t("errors.locked", { minutes: waitMinutes(result.waitMs) })], hideFields: ["password"] }),
        },
        { status: 429, headers: { "Retry-After": String(Math.ceil(result.waitMs / 1000)) } },
      );
    }
    const message = { invalid: "errors.invalidLogin", unconfirmed: "errors.unconfirmed" }[result.reason];
    return data({ result: submission.reply({ formErrors: [t(message)], hideFields: ["password"] }) }, { status: 400 });
  }
  if (result.user.otpEnabledAt) {
    // the password was right; the second step decides
    const pending = await startPendingLogin(app.db, result.user.id, loggedInPath ?? null, Date.now());
    app.setCookie(OTP_PENDING_COOKIE, pending, { path: "/auth", httpOnly: true, sameSite: "Lax", secure: app.https, maxAge: 300 });
    throw redirect("/auth/login/otp");
  }
  await startSession(app, result.user.id);
  throw redirect(destinationAfterSignIn(app, returnTarget(app, loggedInPath)));
}

export default function Login() {
  const { t } = useTranslation("account");
  const { returnSite, loggedInPath } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => loginSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  const busy = navigation.state !== "idle";
  // account pages live on the user domain: plain links, so the guard sees a real navigation
  const user = useRootData()?.origins.user ?? "";
  return (
    <section className="card auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t("login.title")}</h1>
      <p className="muted">{t("login.lead")}</p>
      {returnSite ? <p className="muted small">{t("login.returnTo", { site: returnSite })}</p> : null}
      <FormErrors errors={form.errors} />
      <Form method="post" action="/auth/login" {...getFormProps(form)} className="form">
        <input type="hidden" name="loggedInPath" value={loggedInPath} />
        <Field label={t("fields.email")} errors={fields.email.errors} id={fields.email.id}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="username webauthn" />
        </Field>
        <Field label={t("fields.password")} errors={fields.password.errors} id={fields.password.id}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("login.submitting") : t("login.submit")}
          </button>
        </div>
      </Form>
      <PasskeyLogin loggedInPath={loggedInPath} />
      <ul className="auth-links">
        <li>
          <a href={`${user}/account/password_reset`}>{t("login.forgot")}</a>
        </li>
        <li>
          {t("login.noAccount")}{" "}
          <a href={`${user}/account/sign_up${loggedInPath ? `?loggedInPath=${encodeURIComponent(loggedInPath)}` : ""}`}>
            {t("login.signUp")}
          </a>
        </li>
        <li>
          <a href={`${user}/account/confirmation_email`}>{t("login.resend")}</a>
        </li>
      </ul>
    </section>
  );
}
