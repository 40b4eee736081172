import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { CREATOR_PURCHASE_TABS } from "../../../server/domain/purchase-histories";
import { requireCreator } from "../../../server/http/require-creator";

export const handle = { i18n: ["common", "payments"], breadcrumb: () => ({ label: "payments:histories.creatorTitle" }) };
export const clientLoader = withNamespaces(["payments"]);

/** /me/fanclub/purchases/* (spec §2): what fans bought from the fan club, one tab per kind; sales rights (viewSales). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "viewSales");
  return null;
}

export default function CreatorPurchases() {
  const { t } = useTranslation("payments");
  return (
    <div className="page">
      <h1>{t("histories.creatorTitle")}</h1>
      <nav className="tabs" aria-label={t("histories.creatorTitle")}>
        {CREATOR_PURCHASE_TABS.map((tab) => (
          <NavLink key={tab} to={`/me/fanclub/purchases/${tab}`} prefetch="intent">
            {t(`histories.creatorTabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
