import { useState } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatLocalDate } from "../../../../server/domain/jst-time";

export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
}

/** Lists, adds and removes the signed-in person's passkeys, and switches passkey sign-in on or off. */
export function PasskeySettings({ initial, signInEnabled }: { initial: PasskeyItem[]; signInEnabled: boolean }) {
  const { t, locale } = useTranslation("account");
  const toast = useToast();
  const dialog = useDialog();
  const [items, setItems] = useState(initial);
  const [name, setName] = useState(t("passkeys.defaultName"));
  const [busy, setBusy] = useState(false);
  const [enabled, setEnabled] = useState(signInEnabled);
  const toItems = (list: Array<{ id: string; name: string; createdAt: string | number }>) =>
    list.map((p) => ({ id: p.id, name: p.name, createdAt: new Date(p.createdAt).toISOString() }));

  const add = async () => {
    setBusy(true);
    try {
      const { startRegistration, browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
      if (!browserSupportsWebAuthn()) {
        toast.show(t("passkeys.unsupported"), "error");
        return;
      }
      const start = await callApi<{ challengeId: string; options: Parameters<typeof startRegistration>[0]["optionsJSON"] }>(
        "/webauthn/register",
        { method: "POST", body: {} },
      );
      if (!start.success) throw new Error(start.payload.message);
      const response = await startRegistration({ optionsJSON: start.payload.options });
      const done = await callApi<{ passkeys: PasskeyItem[] }>("/webauthn/callback", {
        method: "POST",
        body: { challengeId: start.payload.challengeId, name: name.trim() || t("passkeys.defaultName"), response },
      });
      if (!done.success) throw new Error(done.payload.message);
      setItems(toItems(done.payload.passkeys));
      toast.show(t("passkeys.added"), "success");
    } catch (e) {
      if (!(e instanceof Error && e.name === "NotAllowedError")) toast.show(t("passkeys.failed"), "error");
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    if (!(await dialog.confirm({ message: t("passkeys.removeConfirm") }))) return;
    const done = await callApi<{ passkeys: PasskeyItem[] }>(`/webauthn/${encodeURIComponent(id)}`, { method: "DELETE" });
    if (done.success) {
      setItems(toItems(done.payload.passkeys));
      toast.show(t("passkeys.removed"), "success");
    } else {
      toast.show(done.payload.message ?? t("settings.failed"), "error");
    }
  };

  const toggle = async (next: boolean) => {
    const done = await callApi<{ enabled: boolean }>("/webauthn/enable", { method: "POST", body: { enabled: next } });
    if (done.success) {
      setEnabled(done.payload.enabled);
      toast.show(t(done.payload.enabled ? "passkeys.switchedOn" : "passkeys.switchedOff"), "success");
    } else {
      toast.show(done.payload.message ?? t("settings.failed"), "error");
    }
  };

  return (
    <section className="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t("passkeys.title")}</h2>
      <p className="muted">{t("passkeys.lead")}</p>
      <div className="field">
        <label htmlFor="passkey-sign-in">
          <input
            type="checkbox"
            id="passkey-sign-in"
            checked={enabled}
            onChange={(e) => void toggle(e.target.checked)}
            aria-describedby="passkey-sign-in-hint"
          />{" "}
          {t("passkeys.signInSwitch")}
        </label>
        <p id="passkey-sign-in-hint" className="muted small">
          {t("passkeys.signInSwitchHint")}
        </p>
      </div>
      {items.length === 0 ? (
        <p className="empty-state">{t("passkeys.empty")}</p>
      ) : (
        <ul className="passkey-list">
          {items.map((p) => (
            <li key={p.id}>
              <span>
                <strong>{p.name}</strong>{" "}
                <span className="muted small">{t("passkeys.createdAt", { date: formatLocalDate(locale, p.createdAt) })}</span>
              </span>
              <button type="button" className="button button-secondary button-small" onClick={() => remove(p.id)}>
                {t("passkeys.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form inline-form">
        <div className="field">
          <label htmlFor="passkey-name">{t("passkeys.nameLabel")}</label>
          <input id="passkey-name" type="text" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="button" className="button" onClick={add} disabled={busy}>
          {t("passkeys.add")}
        </button>
      </div>
    </section>
  );
}
