import { useEffect, type ReactNode } from "react";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useJoinedPages } from "~/components/fanclub/use-joined-pages";
import { useTranslation } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { IMAGE_SIZES, publicSrcSet } from "../../../server/domain/image-variants";
import { SizedImage } from "~/components/sized-image";

/**
 * spec §2 sidebar: the fan clubs the signed-in person supports, cursor-paged ("show more").
 * Fetched after the page is interactive, so it never holds up the page or the page cache; until
 * the first page is here it shows the placeholder the server rendered (the root loads the
 * discovery namespace before hydration). A failure is a toast (spec §8).
 */
export function SidebarJoined({ placeholder }: { placeholder: ReactNode }) {
  const { t } = useTranslation("discovery");
  const { items, next, busy, load } = useJoinedPages("/fanclubs/sidemenu", null);
  useEffect(() => {
    void load(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount: the list belongs to the session, not to the page
  }, []);

  const title = t("sidemenu.title");
  if (!items) return placeholder;
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
                {icon ? (
                  <SizedImage
                    src={icon}
                    srcSet={publicSrcSet(icon, "icon")}
                    sizes={IMAGE_SIZES.iconSidebar}
                    width={24}
                    height={24}
                    loading="lazy"
                  />
                ) : (
                  <span className="avatar" aria-hidden="true">
                    {f.name.slice(0, 1)}
                  </span>
                )}
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
