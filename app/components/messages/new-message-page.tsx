import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { MessageForm } from "./thread-view";

/** What both "new message" routes load: whom the first message goes to, and whether it may be sent. */
export interface NewMessageData {
  name: string;
  /** why writing is refused (the fan club blocked the fan, or the fan muted the fan club); null when it is not */
  refused: "blocked" | "muted" | null;
  limits: { textMax: number; imageMaxMb: number };
}

/**
 * The page of a first message, from a fan to a fan club (/me/messages/new) or from a fan club to a
 * fan (/me/fanclub/messages/new): the routes differ in who may write and where the thread lives,
 * the page does not.
 */
export function NewMessagePage({ back }: { back: string }) {
  const { t } = useTranslation("messages");
  const d = useLoaderData<NewMessageData>();
  const reply = useActionData<{ ok: boolean; message?: string }>();
  const navigation = useNavigation();
  return (
    <div className="page messages-page">
      <p>
        <Link to={back}>{t("thread.back")}</Link>
      </p>
      <h1>{t("new.title", { name: d.name })}</h1>
      {reply && !reply.ok ? (
        <p className="flash flash-error" role="alert" data-testid="message-reply">
          {reply.message}
        </p>
      ) : null}
      {d.refused ? (
        <p className="flash flash-error" data-testid="write-refused">
          {t(`errors.${d.refused}`)}
        </p>
      ) : (
        <MessageForm textMax={d.limits.textMax} imageMaxMb={d.limits.imageMaxMb} busy={navigation.state !== "idle"} />
      )}
    </div>
  );
}
