import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { Field, FormErrors } from "~/components/form/field";
import { PasskeySettings } from "./passkey-settings";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../../server/http/require-user";
import { qrSvg } from "../../../../server/domain/qr";
import { changePasswordSchema, emailOnlySchema } from "../../../../server/domain/accounts";
import { setFlash } from "../../../../server/http/flash";
import { clearSessionCookie } from "../../../../server/http/session-cookie";
import { translatorFor } from "../../../../server/i18n";
import { changePassword, requestEmailChange } from "../../../../server/services/accounts";
import { enqueueEmail } from "../../../../server/services/mailer";
import { revokeAllSessionsStatement } from "../../../../server/services/sessions";
import { listPasskeys, passkeySignInSetting } from "../../../../server/services/passkeys";
import { beginSetup, confirmSetup, disable as disableTwoStep } from "../../../../server/services/two-step";
import { TwoStepSettings } from "./two-step-settings";

export const handle = {
  i18n: ["common", "account"],
  breadcrumb: () => ({ label: "header.accountSettings" }),
};
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const passkeys = await listPasskeys(context.app.db, user.id);
  const passkeySignIn = await passkeySignInSetting(context.app.db, user.id);
  return {
    title: translatorFor(context.app.locale, "account")("settings.title"),
    email: user.email ?? "",
    otpEnabled: user.otpEnabled,
    passkeySignIn,
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString() })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const intentSchema = z.object({
  intent: z.enum(["email", "password", "signOutEverywhere", "otpSetup", "update_otp_setting", "otpDisable"]),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "account");
  const formData = await request.formData();
  const intent = intentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) return data({ intent: null, result: null, done: false }, { status: 400 });
  const code = String(formData.get("code") ?? "");
  const now = Date.now();

  switch (intent.data.intent) {
    case "email": {
      const submission = parseWithZod(formData, { schema: emailOnlySchema(t) });
      if (submission.status !== "success") return data({ intent: "email", result: submission.reply(), done: false }, { status: 400 });
      const result = await requestEmailChange(app.db, { userId: user.id, email: submission.value.email, links: app.origins, now });
      if (!result.ok) {
        const message = t(result.reason === "duplicate" ? "errors.duplicateEmail" : "errors.sameEmail");
        return data({ intent: "email", result: submission.reply({ fieldErrors: { email: [message] } }), done: false }, { status: 409 });
      }
      enqueueEmail(app.env, app.waitUntil, result.emailId);
      return { intent: "email", result: submission.reply({ resetForm: true }), done: true };
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: changePasswordSchema(t) });
      const hide = { hideFields: ["currentPassword", "password", "passwordConfirmation"] };
      if (submission.status !== "success")
        return data({ intent: "password", result: submission.reply(hide), done: false }, { status: 400 });
      const result = await changePassword(app.db, {
        userId: user.id,
        currentPassword: submission.value.currentPassword,
        password: submission.value.password,
        now,
      });
      if (!result.ok) {
        return data(
          {
            intent: "password",
            result: submission.reply({ ...hide, fieldErrors: { currentPassword: [t("errors.wrongPassword")] } }),
            done: false,
          },
          { status: 400 },
        );
      }
      enqueueEmail(app.env, app.waitUntil, result.emailId);
      return { intent: "password", result: submission.reply({ resetForm: true }), done: true };
    }
    case "otpSetup": {
      const setup = await beginSetup(app.db, user);
      return { intent: "otpSetup", result: null, done: false, otp: { ...setup, qr: qrSvg(setup.uri) } };
    }
    case "update_otp_setting": {
      const confirmed = await confirmSetup(app.db, user.id, code, now);
      if (!confirmed.ok)
        return data({ intent: "update_otp_setting", result: null, done: false, otpError: t("twoStep.wrongCode") }, { status: 400 });
      return { intent: "update_otp_setting", result: null, done: true, recoveryCodes: confirmed.recoveryCodes };
    }
    case "otpDisable": {
      const off = await disableTwoStep(app.db, user.id, String(formData.get("password") ?? ""), now);
      if (!off) return data({ intent: "otpDisable", result: null, done: false, otpError: t("errors.wrongPassword") }, { status: 400 });
      return { intent: "otpDisable", result: null, done: true };
    }
    case "signOutEverywhere": {
      await revokeAllSessionsStatement(app.db, user.id, now).run();
      clearSessionCookie(app);
      setFlash(app, [{ type: "info", key: "flash.signedOutEverywhere" }]);
      throw redirect(`${app.origins.login}/auth/login`);
    }
  }
}

export default function AccountSettings() {
  const { t } = useTranslation("account");
  const { email, passkeys, passkeySignIn, otpEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.done) toast.show(actionData.intent === "email" ? t("settings.emailChangeSent") : t("settings.updated"), "success");
    else if (actionData && "otpError" in actionData && actionData.otpError) toast.show(actionData.otpError, "error");
  }, [actionData, toast, t]);
  return (
    <div className="page settings">
      <h1>{t("settings.title")}</h1>
      <EmailSection email={email} />
      <PasswordSection />
      <PasskeySettings initial={passkeys} signInEnabled={passkeySignIn} />
      <TwoStepSettings enabled={otpEnabled} />
      <SessionsSection />
    </div>
  );
}

function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => emailOnlySchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.intent === "email" ? actionData.result : undefined, { id: "email-form" });
  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">{t("settings.emailTitle")}</h2>
      <p className="muted">{t("settings.currentEmail", { email })}</p>
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="email" />
        <Field label={t("settings.newEmail")} errors={fields.email.errors} id={fields.email.id}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("settings.changeEmail")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function PasswordSection() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => changePasswordSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.intent === "password" ? actionData.result : undefined, { id: "password-form" });
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("settings.passwordTitle")}</h2>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="password" />
        <Field label={t("fields.currentPassword")} errors={fields.currentPassword.errors} id={fields.currentPassword.id}>
          <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
        </Field>
        <NewPasswordFields password={fields.password} confirmation={fields.passwordConfirmation} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("settings.changePassword")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function SessionsSection() {
  const { t } = useTranslation("account");
  const dialog = useDialog();
  const submit = useSubmit();
  const signOutEverywhere = async () => {
    if (await dialog.confirm({ message: t("settings.signOutEverywhereConfirm") })) {
      submit({ intent: "signOutEverywhere" }, { method: "post" });
    }
  };
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t("settings.sessionsTitle")}</h2>
      <p className="muted">{t("settings.sessionsLead")}</p>
      <button type="button" className="button button-secondary" onClick={signOutEverywhere}>
        {t("settings.signOutEverywhere")}
      </button>
    </section>
  );
}
