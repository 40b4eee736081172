import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { PaymentQueryLauncher } from "~/components/payments/query-launcher";
// Markup without behaviour, rendered on the server. Imported statically: a lazy boundary saved
// 0.3 KB of first-visit JS but made every server render wait on a dynamic import.
import HeaderBanner from "~/components/banners/header-banner";
import { ExpiredPlansAlert } from "./expired-plans-alert";
import { FlashMessages } from "./flash-messages";
import { Footer } from "./footer";
import { Header } from "./header";
import { Sidebar } from "./sidebar";

/** spec §9: below this width the sidebar becomes an overlay. */
const WIDE_SCREEN_MIN = 992;

/**
 * spec §2 default layout: header, the header banner of the page's kind (none on live-event
 * pages), sidebar (open or closed, remembered in a cookie on wide screens, an overlay on narrow
 * ones), flash messages, the expired-plan alert, footer, and the payment modal when the address
 * asks for it (expired plans, returning from card registration). Dialogs and toasts are provided
 * by the root.
 */
/** The parts of the default layout a page may hide through its route handle's `hide`. */
export type LayoutPart = "header" | "sidebar" | "footer";

export function DefaultLayout({ children, hide = [] }: { children: ReactNode; hide?: readonly LayoutPart[] }) {
  const data = useRootData();
  const { t } = useTranslation();
  const [wideOpen, setWideOpen] = useState(data?.sidebarOpen ?? true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setNarrowOpen(false), [location.pathname]);
  if (!data) return <main className="main">{children}</main>;

  const toggle = () => {
    if (window.matchMedia(`(min-width: ${WIDE_SCREEN_MIN}px)`).matches) {
      const next = !wideOpen;
      setWideOpen(next);
      document.cookie = `sidebar=${next ? "open" : "closed"}; path=/; max-age=31536000; samesite=lax`;
    } else {
      setNarrowOpen((v) => !v);
    }
  };

  return (
    <div
      className="layout"
      data-sidebar={hide.includes("sidebar") ? "none" : wideOpen ? "open" : "closed"}
      data-sidebar-narrow={narrowOpen ? "open" : "closed"}
    >
      <a className="skip-link" href="#main">
        {t("header.home", { brand: data.brand?.name ?? "" })}
      </a>
      {hide.includes("header") ? null : <Header data={data} onToggleSidebar={toggle} />}
      <div className="layout-body">
        {hide.includes("sidebar") ? null : <Sidebar data={data} id="sidebar" onNavigate={() => setNarrowOpen(false)} />}
        {narrowOpen ? (
          <button type="button" className="sidebar-backdrop" aria-label={t("sidebar.close")} onClick={() => setNarrowOpen(false)} />
        ) : null}
        <div className="layout-content">
          {data.headerBanners ? <HeaderBanner lists={data.headerBanners} /> : null}
          <FlashMessages flash={data.flash} />
          <ExpiredPlansAlert alert={data.expiredPlanAlert} />
          <main id="main" className="main">
            {children}
          </main>
          {hide.includes("footer") ? null : <Footer data={data} />}
        </div>
        <PaymentQueryLauncher signedIn={data.user !== null} />
      </div>
    </div>
  );
}
