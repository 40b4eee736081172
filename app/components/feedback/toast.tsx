import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "~/lib/i18n";

/** spec §8/§9: toasts show for 3 seconds at the top right. */
const TOAST_DURATION_MS = 3000;

export type ToastType = "info" | "error" | "warn" | "success";
interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

interface ToastApi {
  show: (message: string, type?: ToastType) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast outside ToastProvider");
  return api;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((message: string, type: ToastType = "info") => {
    setToasts((list) => [...list, { id: nextId++, type, message }]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  // While a modal <dialog> is open everything outside it is inert and drawn beneath it: the
  // toasts then live inside the topmost one, so they show above it and can be closed.
  const [host, setHost] = useState<Element | null>(null);
  useEffect(() => {
    if (toasts.length === 0) return;
    const modals = [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal"));
    setHost(modals.at(-1) ?? null);
  }, [toasts]);
  const region = (
    <div className="toasts" role="region" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
      ))}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {host && host.isConnected ? createPortal(region, host) : region}
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDone]);
  return (
    <div className={`toast toast-${toast.type}`} role={toast.type === "error" ? "alert" : "status"}>
      <span>{toast.message}</span>
      <button type="button" className="toast-close" aria-label={t("toast.close")} onClick={() => onDone(toast.id)}>
        ×
      </button>
    </div>
  );
}
