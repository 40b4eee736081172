import { useTranslation } from "~/lib/i18n";
import type { RootData } from "~/lib/root-data";

type CreatorData = NonNullable<RootData["creator"]>;

/**
 * The creator's part of the sidebar (spec §2, §6): their fan club, the management links their
 * role allows (editor mode when they only edit someone else's), next-action badges, bulk
 * management for managers.
 */
export default function CreatorSection({ creator }: { creator: CreatorData }) {
  const { t } = useTranslation();
  if (!creator.fanclub && !creator.hasManagedFanclub) return null;
  const badge = (key: string) => {
    if (key === "edit" && creator.nextActions?.profile) return t("sidebar.badges.notEdited");
    if (key === "plans" && creator.nextActions?.plan) return t("sidebar.badges.notCreated");
    return null;
  };
  return (
    <div className="sidebar-section sidebar-creator" data-testid="creator-menu">
      {creator.fanclub ? (
        <>
          <h2 className="sidebar-heading">{creator.mode === "editor" ? t("sidebar.editorMode") : t("sidebar.myFanclub")}</h2>
          <a className="sidebar-fanclub" href={creator.fanclub.href}>
            {creator.fanclub.name}
          </a>
          {creator.postHref ? (
            <a className="button sidebar-post-button" href={creator.postHref} data-testid="post-button">
              {t("sidebar.post")}
            </a>
          ) : null}
          <ul className="sidebar-links">
            {creator.menu.map((item) => {
              const b = badge(item.key);
              return (
                <li key={item.key}>
                  <a href={item.href} data-menu={item.key}>
                    {t(`sidebar.manage.${item.key}`)}
                    {b ? <span className="badge badge-warn">{b}</span> : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {creator.hasManagedFanclub ? (
        <a className="sidebar-managed" href={creator.managedHref}>
          {t("sidebar.managedFanclubs")}
        </a>
      ) : null}
    </div>
  );
}
