import { useEffect } from "react";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useJoinedPages } from "~/components/fanclub/use-joined-pages";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";

/**
 * spec §2 sidebar: the fan clubs the signed-in person supports, cursor-paged ("show more").
 * Fetched after the page is interactive, so it never holds up the page or the page cache; until
 * the first page and its texts (the discovery namespace) are here it renders nothing, which also
 * keeps the server HTML and the first client render identical. A failure is a toast (spec §8).
 */
export function SidebarJoined() {
  const { t } = useTranslation("discovery");
  const { items, next, busy, load } = useJoinedPages("/fanclubs/sidemenu", null);
  useEffect(() => {
    void load(null);
    // once per mount: the list belongs to the session, not to the page
  }, []);

  const title = t("sidemenu.title");
  // the namespace may still be on its way: its keys would show instead of texts
  if (!items || title === "sidemenu.title") return null;
  return (
    <div className="sidebar-section sidebar-joined">
      <h2 className="sidebar-heading">{title}</h2>
      {items.length === 0 ? <p className="muted small">{t("sidemenu.empty")}</p> : null}
      <ul>
        {items.map((f) => {
          const icon = mediaUrl(f.iconKey);
          return (
            <li key={f.id}>
              <a href={`${f.frontUrl}${fanclubHref(f)}`}>
                {icon ? <img src={icon} alt="" width={24} height={24} loading="lazy" /> : <span className="avatar" aria-hidden="true">{f.name.slice(0, 1)}</span>}
                <span>{f.name}</span>
              </a>
            </li>
          );
        })}
      </ul>
      {next?.hasNext ? (
        <button type="button" className="button button-small button-secondary button-block" disabled={busy} onClick={() => void load(next)}>
          {t("sidemenu.more")}
        </button>
      ) : null}
    </div>
  );
}
