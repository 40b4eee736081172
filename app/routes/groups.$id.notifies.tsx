import { useTranslation } from "~/lib/i18n";

export const handle = { i18n: ["common", "groups"], breadcrumb: () => ({ label: "groups:page.notifies" }) };

/** /groups/{id}/notifies: group announcements (spec §6 group owner) arrive with the posts feature. */
export default function GroupNotifies() {
  const { t } = useTranslation("groups");
  return <p className="empty-state">{t("page.notifiesEmpty")}</p>;
}
