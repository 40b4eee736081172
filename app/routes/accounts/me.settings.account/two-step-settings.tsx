import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

interface TwoStepActionData {
  intent: string | null;
  otp?: { secret: string; uri: string; qr: string };
  recoveryCodes?: string[];
}

/**
 * Two-step sign-in (update_otp_setting): start, scan or type the key into an authenticator app,
 * confirm with a first code, keep the recovery codes. Turning it off asks for the password.
 */
export function TwoStepSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("account");
  const actionData = useActionData<TwoStepActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const setup = actionData?.intent === "otpSetup" ? actionData.otp : undefined;
  const codes = actionData?.intent === "update_otp_setting" ? actionData.recoveryCodes : undefined;

  return (
    <section className="card" aria-labelledby="two-step-title">
      <h2 id="two-step-title">{t("twoStep.title")}</h2>
      <p className="muted">{t("twoStep.lead")}</p>
      {codes ? (
        <div className="recovery-codes" role="status">
          <p className="flash flash-info">{t("twoStep.enabled")}</p>
          <p>{t("twoStep.recoveryLead")}</p>
          <ul className="code-list">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      ) : enabled ? (
        <Form method="post" className="form inline-form">
          <input type="hidden" name="intent" value="otpDisable" />
          <p className="badge">{t("twoStep.on")}</p>
          <div className="field">
            <label htmlFor="otp-disable-password">{t("fields.currentPassword")}</label>
            <input id="otp-disable-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <button type="submit" className="button button-secondary" disabled={busy}>
            {t("twoStep.turnOff")}
          </button>
        </Form>
      ) : setup ? (
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="update_otp_setting" />
          <p>{t("twoStep.scanLead")}</p>
          {/* an SVG our server drew from our own otpauth:// URI; no request data reaches it */}
          <div className="otp-qr" role="img" aria-label={t("twoStep.qrLabel")} dangerouslySetInnerHTML={{ __html: setup.qr }} />
          <p>
            <a href={setup.uri}>{t("twoStep.openApp")}</a>
          </p>
          <p>
            {t("twoStep.secretLabel")} <code className="otp-secret">{setup.secret}</code>
          </p>
          <div className="field">
            <label htmlFor="otp-code">{t("fields.otpCode")}</label>
            <input id="otp-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t("twoStep.confirm")}
          </button>
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="otpSetup" />
          <button type="submit" className="button" disabled={busy}>
            {t("twoStep.turnOn")}
          </button>
        </Form>
      )}
    </section>
  );
}
