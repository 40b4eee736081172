import { useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { RootData } from "~/lib/root-data";

/** Server-side flash messages (spec §3), shown once above the page content. */
export function FlashMessages({ flash }: { flash: RootData["flash"] }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<number[]>([]);
  const visible = flash.map((f, i) => ({ ...f, i })).filter((f) => !closed.includes(f.i));
  if (visible.length === 0) return null;
  return (
    <div className="flashes">
      {visible.map((f) => (
        <div key={f.i} className={`flash flash-${f.type}`} role={f.type === "error" ? "alert" : "status"}>
          <span>{t(f.key)}</span>
          {f.closable ? (
            <button type="button" className="flash-close" aria-label={t("flash.close")} onClick={() => setClosed((c) => [...c, f.i])}>
              ×
            </button>
          ) : null}
        </div>
      ))}
    </div>
  );
}
