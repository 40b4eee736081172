import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";

export interface ThreadViewData {
  thread: { id: number; side: "fan" | "club"; fanclubId: number; fanclubName: string; fanName: string };
  messages: Array<{ id: number; side: "fan" | "club"; body: string; createdAt: string; imageIds: number[]; fromBulk: boolean }>;
  olderBefore: number | null;
  pair: { blockedByClub: boolean; clubMutedByFan: boolean; clubOpen: boolean; fanActive: boolean };
  limits: { textMax: number; imageMaxMb: number };
}

type ActionReply = { ok: boolean; message: string } | undefined;

/**
 * A thread, oldest at the top. Older messages come with a plain link (`?before=`), so reading back
 * works without script; the form is a real multipart form for the same reason.
 */
export function ThreadView({ data, basePath, listPath }: { data: ThreadViewData; basePath: string; listPath: string }) {
  const { t, locale } = useTranslation("messages");
  const reply = useActionData() as ActionReply;
  const navigation = useNavigation();
  const { thread, pair } = data;
  const mine = thread.side;
  const otherName = mine === "fan" ? thread.fanclubName : thread.fanName;
  const refusal = !pair.clubOpen
    ? "closed"
    : !pair.fanActive
      ? "gone"
      : pair.blockedByClub
        ? "blocked"
        : mine === "club" && pair.clubMutedByFan
          ? "muted"
          : null;
  return (
    <div className="page messages-page">
      <p>
        <Link to={listPath}>{t("thread.back")}</Link>
      </p>
      <h1>{t("thread.title", { name: otherName })}</h1>
      {mine === "club" ? <p className="muted">{t("thread.asFanclub", { fanclub: thread.fanclubName })}</p> : null}
      {reply ? (
        <p className={reply.ok ? "flash" : "flash flash-error"} role={reply.ok ? "status" : "alert"} data-testid="message-reply">
          {reply.message}
        </p>
      ) : null}
      {data.olderBefore ? (
        <p className="messages-older">
          <Link to={`${basePath}?before=${data.olderBefore}`} data-testid="older-messages">
            {t("thread.older")}
          </Link>
        </p>
      ) : null}
      <ol className="message-list" data-testid="message-list">
        {data.messages.map((m) => (
          <li key={m.id} className={m.side === mine ? "message message-mine" : "message message-theirs"}>
            <div className="message-meta muted small">
              <span>{m.side === "fan" ? thread.fanName : thread.fanclubName}</span>{" "}
              <time dateTime={m.createdAt}>{formatLocalDate(locale, m.createdAt, true)}</time>
              {m.fromBulk ? <span className="badge">{t("thread.bulk")}</span> : null}
            </div>
            {m.body ? <p className="message-body">{m.body}</p> : null}
            {m.imageIds.map((id) => (
              <a key={id} href={`/message-images/${id}`} target="_blank" rel="noreferrer">
                <img className="message-image" src={`/message-images/${id}`} alt={t("thread.image")} loading="lazy" />
              </a>
            ))}
            {m.side !== mine ? (
              <Form method="post" className="message-report">
                <input type="hidden" name="intent" value="report" />
                <input type="hidden" name="messageId" value={m.id} />
                <button type="submit" className="link-button small">
                  {t("thread.report")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
      {refusal ? (
        <p className="flash flash-error" role="status" data-testid="write-refused">
          {t(`errors.${refusal}`)}
        </p>
      ) : (
        <MessageForm textMax={data.limits.textMax} imageMaxMb={data.limits.imageMaxMb} busy={navigation.state !== "idle"} />
      )}
      {mine === "fan" ? (
        <Form method="post" className="messages-block">
          <input type="hidden" name="intent" value={pair.clubMutedByFan ? "unblock" : "block"} />
          <button type="submit" className="button button-secondary button-small">
            {pair.clubMutedByFan ? t("thread.unblock") : t("thread.block", { fanclub: thread.fanclubName })}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function MessageForm({ textMax, imageMaxMb, busy }: { textMax: number; imageMaxMb: number; busy: boolean }) {
  const { t } = useTranslation("messages");
  return (
    <Form method="post" encType="multipart/form-data" className="form message-form">
      <input type="hidden" name="intent" value="send" />
      <div className="field">
        <label htmlFor="message-body">{t("form.body")}</label>
        <textarea id="message-body" name="body" rows={4} maxLength={textMax} aria-describedby="message-body-hint" />
        <span className="muted small" id="message-body-hint">
          {t("form.bodyHint", { max: textMax })}
        </span>
      </div>
      <div className="field">
        <label htmlFor="message-image">{t("form.image")}</label>
        <input id="message-image" type="file" name="image" accept="image/jpeg,image/png,image/gif" aria-describedby="message-image-hint" />
        <span className="muted small" id="message-image-hint">
          {t("form.imageHint", { mb: imageMaxMb })}
        </span>
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {t("form.send")}
        </button>
      </div>
    </Form>
  );
}
