import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "account"], breadcrumb: () => ({ label: "header.accountSettings" }) };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  return { title: translatorFor(app.locale, "account")("settingsIndex.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

/** /me/settings: where each setting lives. */
export default function SettingsIndex() {
  const { t } = useTranslation("account");
  const data = useRootData();
  const links = linkBuilder(data);
  const items: Array<[string, string, string]> = [
    [links.user("/me/settings/account"), t("settingsIndex.account"), t("settingsIndex.accountLead")],
    [links.user("/me/settings/notifications"), t("settingsIndex.notifications"), t("settingsIndex.notificationsLead")],
    [links.user("/me/settings/link_applications"), t("settingsIndex.links"), t("settingsIndex.linksLead")],
    [links.user("/me/address"), t("settingsIndex.address"), t("settingsIndex.addressLead")],
    [links.user("/me/settings/bank"), t("settingsIndex.bank"), t("settingsIndex.bankLead")],
    [
      data?.user ? links.user(`/profile/${data.user.userIdentifyToken}`) : links.user("/profile"),
      t("settingsIndex.profile"),
      t("settingsIndex.profileLead"),
    ],
    [links.brand("/me/user/leave"), t("settingsIndex.leave"), t("settingsIndex.leaveLead")],
  ];
  return (
    <div className="page settings-index">
      <h1>{t("settingsIndex.title")}</h1>
      <ul className="settings-list">
        {items.map(([href, label, lead]) => (
          <li key={href}>
            <a className="card settings-link" href={href}>
              <strong>{label}</strong>
              <span className="muted small">{lead}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
