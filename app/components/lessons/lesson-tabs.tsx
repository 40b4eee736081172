import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import { lessonTab } from "../../../server/domain/lessons";

/** The creator's lesson tabs (spec §2): manage on every path under lesson_reserve except show, reserve on show. */
export function LessonTabs() {
  const { t } = useTranslation("lessons");
  const { pathname } = useLocation();
  const active = lessonTab(pathname);
  return (
    <nav className="tabs" aria-label={t("title")} data-lesson-tabs>
      <Link
        to="/me/fanclub/lesson_reserve/new"
        className={active === "manage" ? "tab active" : "tab"}
        aria-current={active === "manage" ? "page" : undefined}
        data-tab="manage"
      >
        {t("tabs.manage")}
      </Link>
      <Link
        to="/me/fanclub/lesson_reserve/show"
        className={active === "reserve" ? "tab active" : "tab"}
        aria-current={active === "reserve" ? "page" : undefined}
        data-tab="reserve"
      >
        {t("tabs.reserve")}
      </Link>
      <Link to="/me/fanclub/lesson_reserve/show/calendar" className="tab tab-secondary" data-tab="calendar">
        {t("tabs.calendar")}
      </Link>
    </nav>
  );
}
