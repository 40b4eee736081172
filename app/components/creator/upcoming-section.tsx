import { useTranslation } from "~/lib/i18n";

/** An honest page for a management section whose feature has not launched yet. */
export function UpcomingSection({ section }: { section: string }) {
  const { t } = useTranslation("creator");
  return (
    <div className="page">
      <h1>{t(`sections.${section}`)}</h1>
      <div className="empty-state">
        <p>{t("sections.upcoming")}</p>
        <p>
          <a href="/me/fanclub">{t("dashboard.title")}</a>
        </p>
      </div>
    </div>
  );
}
