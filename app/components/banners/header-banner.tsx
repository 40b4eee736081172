import { useMatches } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";
import type { HeaderBanners } from "../../../server/http/header-banners";
import { headerBannerKind } from "./header-banner-routes";

/**
 * The header banner (spec §2): the banners of the page's kind under the header, none on the
 * live-event pages. Server-rendered links, a <picture> per banner (wider images from the md and
 * lg breakpoints); several banners scroll sideways with CSS scroll snapping, no script of their
 * own. The layout loads this module lazily: the server's HTML shows the banner at once, and a
 * first visit's JavaScript does not wait for code that only draws a link.
 */
export default function HeaderBanner({ lists }: { lists: HeaderBanners }) {
  const { t } = useTranslation();
  const kind = headerBannerKind(useMatches().map((m) => m.id));
  const banners = kind ? lists[kind] : [];
  if (banners.length === 0) return null;
  return (
    <aside className="header-banner" aria-label={t("header.banners")}>
      <ul className="header-banner-list">
        {banners.map((b) => (
          <li key={b.id} className="header-banner-item" style={b.bgColor ? { background: b.bgColor } : undefined}>
            <a href={b.linkUrl}>
              <picture>
                {b.sources.map((s) => (
                  <source key={s.minWidth} media={`(min-width: ${s.minWidth}px)`} srcSet={s.url} width={s.width} height={s.height} />
                ))}
                <img src={b.imageUrl} alt={b.alt} width={b.width} height={b.height} />
              </picture>
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
