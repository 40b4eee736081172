import { lazy, Suspense } from "react";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import type { RootData } from "~/lib/root-data";
import { sidebarOpenButton } from "../../../server/domain/fanclub-rules";
import { LocaleSelector } from "./locale-selector";

// Signed-in only, so their code loads only for them.
const SidebarJoined = lazy(() => import("./sidebar-joined").then((m) => ({ default: m.SidebarJoined })));
const CreatorSection = lazy(() => import("./creator-section"));

/**
 * spec §2 sidebar. Visitors see the login link (spec §6); the member and creator sections join
 * with accounts and fan clubs.
 */
export function Sidebar({ data, id, onNavigate }: { data: RootData; id: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const links = linkBuilder(data);
  const open = data.creator?.openButton ?? sidebarOpenButton({ signedIn: false, hasOwnFanclub: false, openLink: { kind: "hidden" } });
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation: following any link in it (a click, or Enter, which clicks) closes the drawer; the nav itself is no control
    <nav
      className="sidebar"
      id={id}
      aria-label={t("sidebar.title")}
      onClick={(e) => (e.target as HTMLElement).closest("a") && onNavigate()}
    >
      {!data.user ? (
        <div className="sidebar-section sidebar-login">
          <p>{t("sidebar.loginLead")}</p>
          <a className="button button-block" href={links.login()}>
            {t("sidebar.login")}
          </a>
        </div>
      ) : null}
      {data.creator?.fanclub || data.creator?.hasManagedFanclub ? (
        <Suspense fallback={null}>
          <CreatorSection creator={data.creator} />
        </Suspense>
      ) : null}
      {data.user ? (
        <Suspense fallback={<SidebarJoinedPlaceholder />}>
          <SidebarJoined placeholder={<SidebarJoinedPlaceholder />} />
        </Suspense>
      ) : null}
      {data.user ? (
        <ul className="sidebar-links">
          <li>
            <a href={links.brand("/me/following")}>{t("sidebar.following")}</a>
          </li>
          <li>
            <a href={links.brand("/me/joining")}>{t("sidebar.joining")}</a>
          </li>
          <li>
            <a href={links.user("/me/purchase_histories")}>{t("sidebar.purchaseHistories")}</a>
          </li>
          <li>
            <a href={links.brand("/me/editor_invitations")}>{t("sidebar.editorInvitations")}</a>
          </li>
        </ul>
      ) : null}
      <ul className="sidebar-links">
        <li>
          <a href={links.brand("/fanclubs?order=2&category=")}>{t("sidebar.fanclubs")}</a>
        </li>
        <li>
          <a href={links.help("faq")}>{t("sidebar.faq")}</a>
        </li>
        <li>
          <a href={links.help("inquiry")}>{t("sidebar.inquiry")}</a>
        </li>
      </ul>
      {open.kind !== "none" ? (
        <div className="sidebar-section">
          <p className="sidebar-lead">{t("sidebar.creatorGuideLead")}</p>
          {open.kind === "open" ? (
            <a className="button button-block" href={open.href} data-testid="open-fanclub">
              {t("sidebar.openFanclub")}
            </a>
          ) : (
            <a className="button button-outline button-block" href={links.help("fanclub_open_flow")}>
              {t("sidebar.creatorGuide")}
            </a>
          )}
        </div>
      ) : null}
      <div className="sidebar-section sidebar-locale">
        <h2 className="sidebar-heading">{t("locale.label")}</h2>
        <LocaleSelector locale={data.locale} id="locale-select-menu" />
      </div>
      <div className="sidebar-section">
        <h2 className="sidebar-heading">{t("sidebar.brands")}</h2>
        <ul className="sidebar-brands">
          {data.services.map((s) => (
            <li key={s.id}>
              <a href={`${s.frontUrl}/`} aria-current={s.id === data.brand?.id && data.isBrandHost ? "true" : undefined}>
                <span className="brand-dot" style={{ background: s.themeColor }} aria-hidden="true" />
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/**
 * The joined list's place while it loads (the server render, the lazy chunk, the first page):
 * its heading and one line, the height of an empty list, so the buttons below do not jump when
 * the list arrives.
 */
function SidebarJoinedPlaceholder() {
  const { t } = useTranslation("discovery");
  return (
    <div className="sidebar-section sidebar-joined" aria-busy="true">
      <h2 className="sidebar-heading">{t("sidemenu.title")}</h2>
      <p className="muted small">{"\u00a0"}</p>
    </div>
  );
}
