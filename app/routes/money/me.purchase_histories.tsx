import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { FAN_HISTORY_TABS } from "../../../server/domain/purchase-histories";
import { requireUser } from "../../../server/http/require-user";

export const handle = { i18n: ["common", "payments"], breadcrumb: () => ({ label: "payments:histories.title" }) };
export const clientLoader = withNamespaces(["payments"]);

/** /me/purchase_histories and its children (spec §2, user domain): one tab per kind of purchase. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireUser(context.app);
  return null;
}

export default function PurchaseHistories() {
  const { t } = useTranslation("payments");
  return (
    <div className="page">
      <h1>{t("histories.title")}</h1>
      <nav className="tabs" aria-label={t("histories.title")}>
        {FAN_HISTORY_TABS.map((tab) => (
          <NavLink key={tab || "plans"} to={tab ? `/me/purchase_histories/${tab}` : "/me/purchase_histories"} end prefetch="intent">
            {t(`histories.tabs.${tab || "plans"}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
