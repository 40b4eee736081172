import { useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { signOut } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import type { linkBuilder } from "~/lib/links";
import type { RootData } from "~/lib/root-data";
import type { useCoinBalance } from "./coin-balance";
import { formatCoins } from "../../../server/domain/number-display";

/**
 * The signed-in person's menu in the header: coins, settings, profile, and logging out of every
 * brand at once (DELETE sign_out, spec §7). On success the next page says 'ログアウトしました。'.
 */
export function AccountMenu({
  user,
  links,
  coins,
}: {
  user: NonNullable<RootData["user"]>;
  links: ReturnType<typeof linkBuilder>;
  coins: ReturnType<typeof useCoinBalance>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    if (await signOut()) {
      window.location.assign(links.brand("/"));
      return;
    }
    toast.show(t("errors.logoutFailed"), "error");
    setBusy(false);
  };

  return (
    <details className="account-menu">
      <summary className="avatar" aria-label={t("header.account")}>
        {user.iconImageUrl ? <img src={user.iconImageUrl} alt="" width="32" height="32" /> : user.name.slice(0, 1)}
      </summary>
      <div className="account-menu-panel" role="menu">
        <p className="account-menu-name">{user.name}</p>
        <div className="account-menu-coins">
          <a role="menuitem" href={links.user("/me/coins")}>
            {t("coin.name")} <strong>{t("header.coinBalance", { balance: formatCoins(coins.balance) })}</strong>
          </a>
          <button type="button" role="menuitem" className="link-button small" onClick={coins.refresh} aria-disabled={coins.refreshing}>
            {coins.refreshing ? t("coin.updating") : t("coin.refresh")}
          </button>
        </div>
        <a role="menuitem" href={links.user("/me/messages")}>
          {t("header.messages")}
        </a>
        {/* what the fan holds and takes part in across fan clubs, on the user domain beside the coins (decision 037) */}
        <a role="menuitem" href={links.user("/me/special_tickets")}>
          {t("header.specialTickets")}
        </a>
        <a role="menuitem" href={links.user("/me/campaigns")}>
          {t("header.campaigns")}
        </a>
        <a role="menuitem" href={links.user("/me/settings")}>
          {t("header.accountSettings")}
        </a>
        <a role="menuitem" href={links.user(`/profile/${user.userIdentifyToken}`)}>
          {t("header.profile")}
        </a>
        <button type="button" role="menuitem" className="link-button" onClick={logout} disabled={busy}>
          {t("header.logout")}
        </button>
      </div>
    </details>
  );
}
