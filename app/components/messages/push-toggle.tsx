import { useEffect, useState } from "react";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";

type State = "unknown" | "unsupported" | "on" | "off" | "denied" | "failed";

const SW_PATH = "/push-sw.js";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

/**
 * Push on this device (issue 20). The small service worker is registered only when the person
 * turns push on, so no first visit loads or installs it; turning off unsubscribes and forgets the
 * subscription on the server.
 */
export function PushToggle() {
  const { t } = useTranslation("messages");
  const [state, setState] = useState<State>("unknown");
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return setState("unsupported");
    void navigator.serviceWorker
      .getRegistration(SW_PATH)
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setState(sub ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  async function turnOn() {
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState("denied");
      const key = await callApi<{ publicKey: string | null }>("/push_subscriptions/key");
      if (!key.success || !key.payload.publicKey) return setState("failed");
      const reg = await navigator.serviceWorker.register(SW_PATH);
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key.payload.publicKey) });
      const json = sub.toJSON();
      const saved = await callApi("/push_subscriptions", { method: "POST", body: { endpoint: json.endpoint, keys: json.keys } });
      setState(saved.success ? "on" : "failed");
    } catch {
      setState("failed");
    }
  }

  async function turnOff() {
    const reg = await navigator.serviceWorker.getRegistration(SW_PATH);
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      await callApi("/push_subscriptions", { method: "DELETE", body: { endpoint: sub.endpoint } });
      await sub.unsubscribe();
    }
    setState("off");
  }

  if (state === "unknown") return null;
  return (
    <div className="push-toggle" data-testid="push-toggle">
      <h3>{t("settings.push.title")}</h3>
      {state === "unsupported" ? (
        <p className="muted">{t("settings.push.unsupported")}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {state === "on"
              ? t("settings.push.enabled")
              : state === "denied"
                ? t("settings.push.denied")
                : state === "failed"
                  ? t("settings.push.failed")
                  : t("settings.push.disabled")}
          </p>
          <button type="button" className="button button-secondary" onClick={() => void (state === "on" ? turnOff() : turnOn())}>
            {state === "on" ? t("settings.push.off") : t("settings.push.on")}
          </button>
        </>
      )}
    </div>
  );
}
