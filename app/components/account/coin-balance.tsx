import { useEffect, useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { formatCoins } from "../../../server/domain/number-display";

/**
 * The signed-in person's coin balance in the header (spec §2), read with the session. The refresh
 * asks the coin balance API (spec §7) and says 'Coin balance updated.' or 'An error occurred.'
 * (spec §8); while it runs the button reads 'updating balance' and further clicks are ignored.
 */
export function useCoinBalance(initial: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [balance, setBalance] = useState(initial);
  const [refreshing, setRefreshing] = useState(false);
  const busy = useRef(false);
  // a page that revalidated (after a charge or a purchase) brings the newer balance
  useEffect(() => setBalance(initial), [initial]);

  const refresh = async () => {
    if (busy.current) return;
    busy.current = true;
    setRefreshing(true);
    try {
      const res = await callApi<{ coinBalance: number }>("/me/coin_balance");
      if (!res.success || typeof res.payload.coinBalance !== "number") throw new Error(`coin_balance answered ${res.status}`);
      setBalance(res.payload.coinBalance);
      toast.show(t("coin.updated"), "info");
    } catch {
      toast.show(t("errors.generic"), "error");
    } finally {
      busy.current = false;
      setRefreshing(false);
    }
  };
  return { balance, refreshing, refresh };
}

/** The balance as a link to /me/coins. */
export function CoinBalanceLink({ balance, href }: { balance: number; href: string }) {
  const { t } = useTranslation();
  const text = t("header.coinBalance", { balance: formatCoins(balance) });
  return (
    <a className="coin-balance" href={href} aria-label={t("coin.balanceLabel", { balance: text })} data-testid="header-coin-balance">
      {text}
    </a>
  );
}
