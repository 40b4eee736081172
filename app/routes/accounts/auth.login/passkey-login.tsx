import { useState } from "react";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";

/**
 * "Log in with a passkey": any passkey registered for our relying party works, no address needed.
 * The WebAuthn helper is loaded only when the button is pressed.
 */
export function PasskeyLogin({ loggedInPath }: { loggedInPath: string }) {
  const { t } = useTranslation("account");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setError(null);
    setBusy(true);
    try {
      const { startAuthentication, browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
      if (!browserSupportsWebAuthn()) {
        setError(t("passkeys.unsupported"));
        return;
      }
      const start = await callApi<{ challengeId: string; options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }>(
        "/webauthn/login/options",
        { method: "POST", body: {} },
      );
      if (!start.success) throw new Error(start.payload.message);
      const response = await startAuthentication({ optionsJSON: start.payload.options });
      const done = await callApi<{ location: string }>("/webauthn/login", {
        method: "POST",
        body: { challengeId: start.payload.challengeId, response, loggedInPath: loggedInPath || undefined },
      });
      if (!done.success) throw new Error(done.payload.message);
      window.location.assign(done.payload.location);
    } catch (e) {
      // a cancelled prompt is not worth a message; anything else is
      if (!(e instanceof Error && e.name === "NotAllowedError")) setError(t("passkeys.loginFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="passkey-login">
      <p className="divider">{t("login.or")}</p>
      <button type="button" className="button button-outline button-block" onClick={signIn} disabled={busy}>
        {t("login.passkey")}
      </button>
      {error ? (
        <p className="field-errors" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
