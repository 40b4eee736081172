import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import type { RootData } from "~/lib/root-data";
import { LocaleSelector } from "./locale-selector";

// Only signed-in people load the code of their menu: a visitor's first page stays small.
const SignedInTools = lazy(() => import("~/components/account/signed-in-tools"));

interface HeaderProps {
  data: RootData;
  onToggleSidebar: () => void;
}

/** spec §2 header: toggle and logo on the left; locale, search, bell, messages, account on the right. */
export function Header({ data, onToggleSidebar }: HeaderProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const links = linkBuilder(data);
  const brand = data.brand;
  const searchAction = links.brand("/fanclubs");
  const SearchForm = links.isExternal(searchAction) ? "form" : Form;
  // on a brand, signing in brings the visitor back to this very page
  const location = useLocation();
  const here = data.isBrandHost && brand ? `${new URL(brand.frontUrl).origin}${location.pathname}${location.search}` : undefined;
  return (
    <header className="header">
      <div className="header-left">
        <button type="button" className="icon-button" aria-label={t("header.toggleSidebar")} onClick={onToggleSidebar}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <a className="brand-logo" href={links.brand("/")} aria-label={t("header.home", { brand: brand?.name ?? "" })}>
          {brand ? <img src={brand.logo} alt="" width="28" height="28" /> : null}
          <span className="brand-name">{brand?.name}</span>
        </a>
      </div>
      <div className="header-right">
        {/* Search: fan club list with order 2 and an empty category (spec §2). */}
        <SearchForm method="get" action={searchAction} className="header-search" role="search">
          <input
            type="search"
            name="keywords"
            defaultValue={params.get("keywords") ?? ""}
            placeholder={t("header.searchPlaceholder")}
            aria-label={t("header.searchPlaceholder")}
            maxLength={100}
          />
          <input type="hidden" name="order" value="2" />
          <input type="hidden" name="category" value="" />
          <button type="submit" className="icon-button" aria-label={t("header.search")}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </SearchForm>
        <LocaleSelector locale={data.locale} />
        {data.user ? (
          <Suspense fallback={<span className="avatar" aria-hidden="true" />}>
            <SignedInTools user={data.user} coinBalance={data.coinBalance ?? 0} unreadMessages={data.unreadMessages} links={links} />
          </Suspense>
        ) : (
          <a className="icon-button login-icon" href={links.login(here)} aria-label={t("header.login")}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </a>
        )}
      </div>
    </header>
  );
}
