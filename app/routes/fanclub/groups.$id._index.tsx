import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { mediaUrl } from "~/lib/media";
import { useTranslation } from "~/lib/i18n";
import { paragraphs, useGroup } from "~/components/groups/use-group";

export const handle = { i18n: ["common", "groups"] };

/** /groups/{id}: the group's description and its member fan clubs (the data comes with the layout). */
export default function GroupHome() {
  const { t } = useTranslation("groups");
  const group = useGroup();
  return (
    <>
      {group.description ? (
        <section className="card" aria-label={t("fields.description")}>
          {paragraphs(group.description).map((lines, i) => (
            <p key={i}>
              {lines.map((line, j) => (
                <span key={j}>
                  {j > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </p>
          ))}
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="group-members-title">
        <h2 id="group-members-title">{t("page.members")}</h2>
        {group.members.length === 0 ? (
          <p className="empty-state">{t("page.noMembers")}</p>
        ) : (
          <ul className="fanclub-list">
            {group.members.map((f) => (
              <FanclubCard
                key={f.id}
                fanclub={{ ...f, iconUrl: mediaUrl(f.iconKey) }}
                details={
                  f.memberCount !== null ? <span className="muted small">{t("page.fanclubMembers", { count: f.memberCount })}</span> : null
                }
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
