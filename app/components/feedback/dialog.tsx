import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { keepTabInside } from "./focus-trap";

/**
 * spec §3 dialog: alert or confirm; both resolve true (OK) or false (cancel, Escape, backdrop).
 * `sizing` sets the width of any dialog (medium when unset). `isAdmin` marks an operator's notice
 * (spec §2 "the admin dialog renders links as HTML"): its message is HTML the server sanitized
 * (server/domain/operator-notices.ts: a, br, p, strong, em and http(s) links only), rendered as
 * such; every other dialog's message is plain text.
 */
export interface DialogOptions {
  title?: string;
  message: string;
  okText?: string;
  cancelText?: string;
  sizing?: "small" | "medium" | "large";
  isAdmin?: boolean;
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
      className={`dialog dialog-${dialog.sizing ?? "medium"}`}
      data-sizing={dialog.sizing ?? "medium"}
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
        {dialog.isAdmin ? (
          // sanitized on the server when the operator saved it; nothing else takes this path
          <div className="dialog-message dialog-admin" dangerouslySetInnerHTML={{ __html: dialog.message }} />
        ) : (
          <p>{dialog.message}</p>
        )}
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
