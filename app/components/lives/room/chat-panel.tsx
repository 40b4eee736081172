import { useEffect, useRef, useState, type FormEvent } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useTranslation } from "~/lib/i18n";
import { CHAT_LIMITS, canModerate } from "../../../../server/domain/live-room";
import type { RoomView } from "./use-live-room";

/**
 * The chat panel beside the player (spec §2: 350 px, hideable): messages with the sender's icon
 * and name, the presence count, and the form. The owner and editors delete messages, mute fans
 * and remove a fan from the live for good from here. The room's refusals show under the form; the socket stays open.
 */
export function ChatPanel({
  view,
  send,
  hidden,
  onHide,
}: {
  view: RoomView;
  send: (m: Record<string, unknown>) => boolean;
  hidden: boolean;
  onHide?: () => void;
}) {
  const { t } = useTranslation("lives");
  const [text, setText] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  const moderator = view.role !== null && canModerate(view.role);
  const open = view.connection.kind === "open";
  const dialog = useDialog();
  const remove = async (userId: number, name: string) => {
    if (await dialog.confirm({ message: t("watch.removeConfirm", { name }), okText: t("watch.remove") })) send({ type: "remove", userId });
  };

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [view.messages.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    if (send({ type: "chat", text })) setText("");
  };

  return (
    <aside className="live-chat" data-live-chat hidden={hidden} aria-label={t("public.chat")}>
      <div className="live-chat-head">
        <h2 className="small">{t("public.chat")}</h2>
        <span className="muted small" data-presence={view.presence}>
          {t("watch.presence", { count: view.presence })}
        </span>
        {onHide ? (
          <button type="button" className="button-link small" onClick={onHide}>
            {t("watch.hideChat")}
          </button>
        ) : null}
      </div>
      <ol className="live-chat-messages" ref={listRef} aria-live="polite">
        {view.messages.length === 0 ? <li className="muted small">{t("watch.noMessages")}</li> : null}
        {view.messages.map((m) => (
          <li key={m.id} className="live-chat-message" data-chat-message={m.id}>
            {m.iconUrl ? (
              <img src={m.iconUrl} alt="" width={24} height={24} className="live-chat-icon" />
            ) : (
              <span className="live-chat-icon" aria-hidden="true" />
            )}
            <div>
              <strong className="small">{m.name}</strong>
              {view.mutedUsers.includes(m.userId) ? <span className="badge badge-muted small">{t("watch.mutedBadge")}</span> : null}
              <p className="live-chat-text">{m.text}</p>
              {moderator && m.userId !== view.userId ? (
                <span className="live-chat-actions">
                  <button type="button" className="button-link small" onClick={() => send({ type: "delete", id: m.id })}>
                    {t("watch.delete")}
                  </button>
                  <button
                    type="button"
                    className="button-link small"
                    onClick={() => send({ type: view.mutedUsers.includes(m.userId) ? "unmute" : "mute", userId: m.userId })}
                  >
                    {view.mutedUsers.includes(m.userId) ? t("watch.unmute") : t("watch.mute")}
                  </button>
                  <button type="button" className="button-link small" onClick={() => void remove(m.userId, m.name)}>
                    {t("watch.remove")}
                  </button>
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {view.muted ? (
        <p className="muted small">{t("watch.youAreMuted")}</p>
      ) : (
        <form className="live-chat-form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="live-chat-text">
            {t("watch.message")}
          </label>
          <input
            id="live-chat-text"
            name="text"
            value={text}
            maxLength={CHAT_LIMITS.textMax * 2}
            placeholder={t("watch.messagePlaceholder")}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            disabled={!open}
          />
          <button type="submit" className="button button-small" disabled={!open || !text.trim()}>
            {t("watch.send")}
          </button>
        </form>
      )}
      {view.error ? (
        <p className="field-error small" role="alert" data-chat-error={view.error.code}>
          {view.error.message}
        </p>
      ) : null}
    </aside>
  );
}
