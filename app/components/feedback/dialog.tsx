import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { keepTabInside } from "./focus-trap";

/** spec §3 dialog: alert or confirm; both resolve true (OK) or false (cancel, Escape, backdrop). */
export interface DialogOptions {
  title?: string;
  message: string;
  okText?: string;
  cancelText?: string;
}

interface DialogApi {
  alert: (options: DialogOptions) => Promise<boolean>;
  confirm: (options: DialogOptions) => Promise<boolean>;
}

interface OpenDialog extends DialogOptions {
  type: "alert" | "confirm";
  resolve: (value: boolean) => void;
}

const DialogContext = createContext<DialogApi | null>(null);

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error("useDialog outside DialogProvider");
  return api;
}

export function DialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const ask = useCallback(
    (type: OpenDialog["type"], options: DialogOptions) =>
      new Promise<boolean>((resolve) => {
        setOpen({ ...options, type, resolve });
      }),
    [],
  );
  const api = useMemo<DialogApi>(() => ({ alert: (o) => ask("alert", o), confirm: (o) => ask("confirm", o) }), [ask]);
  const close = (value: boolean) => {
    open?.resolve(value);
    setOpen(null);
  };
  return (
    <DialogContext.Provider value={api}>
      {children}
      {open ? <DialogHost dialog={open} onClose={close} /> : null}
    </DialogContext.Provider>
  );
}

function DialogHost({ dialog, onClose }: { dialog: OpenDialog; onClose: (value: boolean) => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes, as Escape (onCancel) does from the keyboard
    <dialog
      ref={ref}
      className="dialog"
      onKeyDown={keepTabInside}
      aria-labelledby={dialog.title ? "dialog-title" : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose(false);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(false);
      }}
    >
      <div className="dialog-body">
        {dialog.title ? <h2 id="dialog-title">{dialog.title}</h2> : null}
        <p>{dialog.message}</p>
        <div className="dialog-actions">
          {dialog.type === "confirm" ? (
            <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
              {dialog.cancelText ?? t("dialog.cancel")}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog starts on its default action
            autoFocus
            onClick={() => onClose(true)}
          >
            {dialog.okText ?? t("dialog.ok")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
