import { useTranslation } from "~/lib/i18n";
import type { linkBuilder } from "~/lib/links";
import type { RootData } from "~/lib/root-data";
import { AccountMenu } from "./account-menu";
import { CoinBalanceLink, useCoinBalance } from "./coin-balance";
import { UnreadBell } from "./unread-bell";

/** The header's right side for a signed-in person: coin balance, bell, messages, account menu. */
export default function SignedInTools({
  user,
  coinBalance,
  unreadMessages,
  links,
}: {
  user: NonNullable<RootData["user"]>;
  coinBalance: number;
  unreadMessages: boolean;
  links: ReturnType<typeof linkBuilder>;
}) {
  const { t } = useTranslation();
  const coins = useCoinBalance(coinBalance);
  return (
    <>
      <CoinBalanceLink balance={coins.balance} href={links.user("/me/coins")} />
      <UnreadBell href={links.user("/notifications")} />
      <a
        className="icon-button header-messages"
        href={links.user("/me/messages")}
        aria-label={unreadMessages ? t("header.unreadMessages") : t("header.messages")}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h16v11H8l-4 4V5Z" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
        {unreadMessages ? <span className="bell-dot" data-testid="messages-unread-dot" /> : null}
      </a>
      <AccountMenu user={user} links={links} coins={coins} />
    </>
  );
}
