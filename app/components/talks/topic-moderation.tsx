import { useTranslation } from "~/lib/i18n";
import { IntentButton } from "./intent-button";

/** Pin, close and delete for moderators; the author may delete their own topic. */
export function TopicModeration({ moderates, pinned, closed }: { moderates: boolean; pinned: boolean; closed: boolean }) {
  const { t } = useTranslation("talks");
  return (
    <div className="talk-moderation" aria-label={t("topic.moderation")}>
      {moderates ? (
        <>
          <IntentButton intent={pinned ? "unpin" : "pin"} className="button button-outline button-small">
            {t(pinned ? "topic.unpin" : "topic.pin")}
          </IntentButton>
          <IntentButton intent={closed ? "reopen" : "close"} className="button button-outline button-small">
            {t(closed ? "topic.reopen" : "topic.close")}
          </IntentButton>
        </>
      ) : null}
      <IntentButton intent="delete" className="button button-outline button-small" confirm={t("topic.deleteConfirm")}>
        {t("topic.delete")}
      </IntentButton>
    </div>
  );
}
