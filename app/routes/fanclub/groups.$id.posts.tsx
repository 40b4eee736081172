import { useTranslation } from "~/lib/i18n";

export const handle = { i18n: ["common", "groups"], breadcrumb: () => ({ label: "groups:page.posts" }) };

/** /groups/{id}/posts: group posts arrive with the posts feature; until then an honest empty list. */
export default function GroupPosts() {
  const { t } = useTranslation("groups");
  return <p className="empty-state">{t("page.postsEmpty")}</p>;
}
