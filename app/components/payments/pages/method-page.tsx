import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import {
  clampCoinAmount,
  parseCoinAmount,
  PAYMENT_TYPE,
  showCoinForRenewalCheckbox,
  type PaymentType,
} from "../../../../server/domain/coin-payment";
import { formatYen, formatCoins } from "../../../../server/domain/number-display";
import { CARD_BRANDS, COIN_PURCHASE_METHODS, coinChargeUrl } from "../../../../server/domain/payment-methods";
import type { CartPayload } from "../types";

export type MethodPageProps = {
  cart: CartPayload;
  paymentType: PaymentType | null;
  onPaymentType: (type: PaymentType) => void;
  coinInput: string;
  onCoinInput: (value: string) => void;
  balance: number;
  refreshing: boolean;
  onRefreshBalance: () => void;
  /** the user domain's origin: coins are charged on its /me/coins */
  userOrigin: string;
  renewal: { alreadyEnabled: boolean; checked: boolean } | null;
  onToggleRenewal: (checked: boolean) => void;
  /** back to the plan or item page; null when the modal opened here */
  onBack: (() => void) | null;
  onNext: () => void;
};

/** Page 2: how to pay (card, all coins, part coins), the coin balance, coin-for-renewal. */
export function MethodPage({
  cart,
  paymentType,
  onPaymentType,
  coinInput,
  onCoinInput,
  balance,
  refreshing,
  onRefreshBalance,
  userOrigin,
  renewal,
  onToggleRenewal,
  onBack,
  onNext,
}: MethodPageProps) {
  const { t } = useTranslation("payments");
  const total = cart.total;
  const cartHasPlan = cart.carts.some((i) => i.type === "Plan");
  // spec §7: the charge link carries the page the dialog was opened on (ref), known after hydration
  const [here, setHere] = useState<string | null>(null);
  useEffect(() => setHere(window.location.href), []);
  const chargeCoinsHref = coinChargeUrl(userOrigin, here);
  return (
    <>
      <p className="payment-total">
        {t("total", { total: formatYen(total) })}
        <span className="muted small"> {t("taxIncluded")}</span>
      </p>
      {total === 0 ? <p className="muted">{t("method.free")}</p> : null}
      <fieldset className="payment-methods">
        <legend>{t("method.legend")}</legend>
        {([PAYMENT_TYPE.card, PAYMENT_TYPE.allCoin, PAYMENT_TYPE.partCoin] as const).map((type) => (
          <label key={type} className="payment-method">
            <input type="radio" name="paymentType" value={type} checked={paymentType === type} onChange={() => onPaymentType(type)} />
            {t(`method.type${type}`)}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="coin-payment">{t("method.coinAmount")}</label>
        <input
          id="coin-payment"
          type="number"
          inputMode="numeric"
          min={0}
          max={total}
          step={1}
          value={coinInput}
          disabled={paymentType !== PAYMENT_TYPE.partCoin}
          onChange={(e) => onCoinInput(e.target.value)}
          onBlur={() => onCoinInput(String(clampCoinAmount(parseCoinAmount(coinInput), total)))}
        />
        {paymentType === PAYMENT_TYPE.partCoin ? (
          <p className="muted small">{t("method.cardMinimum", { min: formatYen(cart.minCardAmount) })}</p>
        ) : null}
      </div>
      <div className="payment-balance">
        <span data-testid="coin-balance">{t("balance", { balance: formatCoins(balance) })}</span>
        <button type="button" className="button button-small button-secondary" onClick={onRefreshBalance} aria-busy={refreshing}>
          {refreshing ? t("actions.refreshing") : t("actions.refresh")}
        </button>
        <a className="small" href={chargeCoinsHref}>
          {t("actions.chargeCoins")}
        </a>
      </div>
      <p className="muted small">
        {cart.card ? t("method.cardOnFile", { brand: cart.card.brand.toUpperCase(), last4: cart.card.last4 }) : t("method.noCard")}
      </p>
      <details className="payment-method-list" data-testid="payment-method-list">
        <summary>{t("methodList.title")}</summary>
        <dl>
          <div>
            <dt>{t("methodList.cards")}</dt>
            <dd>
              <ul className="payment-logos">
                {CARD_BRANDS.map((b) => (
                  <li key={b} className={`payment-logo payment-${b.toLowerCase()}`}>
                    {b}
                  </li>
                ))}
              </ul>
              <span className="muted small">{t("methodList.prepaid")}</span>
            </dd>
          </div>
          <div>
            <dt>{t("methodList.coins")}</dt>
            <dd>
              {COIN_PURCHASE_METHODS.map((m) => (
                <span key={m}>{t(`methodList.coinMethod.${m}`)}</span>
              ))}{" "}
              <a href={chargeCoinsHref} data-testid="coin-site-link">
                {t("methodList.coinSite")}
              </a>
            </dd>
          </div>
        </dl>
      </details>
      {renewal && showCoinForRenewalCheckbox({ cartHasPlan, paymentType, alreadyEnabled: renewal.alreadyEnabled }) ? (
        <label className="checkbox">
          <input type="checkbox" checked={renewal.checked} onChange={(e) => onToggleRenewal(e.target.checked)} />{" "}
          {t("method.coinForRenewal")}
        </label>
      ) : null}
      <div className="dialog-actions">
        {onBack ? (
          <button type="button" className="button button-secondary" onClick={onBack}>
            {t("actions.back")}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onNext}>
          {t("actions.next")}
        </button>
      </div>
    </>
  );
}
