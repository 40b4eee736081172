import { useId, useState } from "react";
import type { ItemPageProps } from "~/components/payments/item-pages";
import type { CartPayload } from "~/components/payments/types";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import "~/styles/tips.css";
import { formatYen } from "../../../server/domain/number-display";
import {
  messageLength,
  parseTipAmount,
  TIP_MAX_YEN,
  TIP_MESSAGE_MAX,
  TIP_MIN_YEN,
  TIP_PRESETS_YEN,
  type TipTargetType,
} from "../../../server/domain/tips";

/**
 * The payment modal's tip page (60: a post, 61: the fan club itself): a preset amount or one the
 * fan types, an optional message with a counter, then the cart holds the tip and the modal goes
 * on to the payment method (page 2: coins, card, or both). The rules are the server's
 * (server/domain/tips.ts), checked here first so the fan sees why before anything is sent.
 */
function TipPage({ id, busy, once, onCart, onFailure, targetType }: ItemPageProps & { targetType: TipTargetType }) {
  const { t } = useTranslation("tips");
  const fieldId = useId();
  const [preset, setPreset] = useState<number | null>(TIP_PRESETS_YEN[2]);
  const [custom, setCustom] = useState("");
  const [message, setMessage] = useState("");
  const [shown, setShown] = useState(false);

  const rawAmount = custom.trim() !== "" ? custom : preset;
  const amount = parseTipAmount(rawAmount);
  const length = messageLength(message.trim());
  const tooLong = length > TIP_MESSAGE_MAX;
  const range = { min: formatYen(TIP_MIN_YEN), max: formatYen(TIP_MAX_YEN) };

  const next = () =>
    once(async () => {
      setShown(true);
      if (!amount.ok || tooLong) return;
      const body = { target_type: targetType, id, amount: amount.amount, message: message.trim() || null };
      const result = await callApi<CartPayload>("/me/carts/tipping_purchase", { method: "POST", body });
      if (!result.success) return onFailure(result);
      onCart(result.payload);
    });

  return (
    <form
      className="tip-page"
      data-testid="tip-page"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void next();
      }}
    >
      <fieldset>
        <legend>{t("page.amountLegend")}</legend>
        <div className="tip-presets">
          {TIP_PRESETS_YEN.map((value) => (
            <button
              key={value}
              type="button"
              className="button button-small button-secondary"
              aria-pressed={custom.trim() === "" && preset === value}
              onClick={() => {
                setPreset(value);
                setCustom("");
              }}
            >
              {formatYen(value)}
            </button>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${fieldId}-amount`}>{t("page.custom")}</label>
          <input
            id={`${fieldId}-amount`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={custom}
            placeholder={t("page.range", range)}
            aria-invalid={shown && !amount.ok}
            aria-describedby={`${fieldId}-amount-error`}
            onChange={(e) => setCustom(e.target.value)}
          />
          <p id={`${fieldId}-amount-error`} className="tip-error small" role={shown && !amount.ok ? "alert" : undefined}>
            {shown && !amount.ok ? t("page.invalidAmount", range) : null}
          </p>
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${fieldId}-message`}>{t("page.message")}</label>
        <textarea
          id={`${fieldId}-message`}
          rows={3}
          value={message}
          aria-invalid={tooLong}
          aria-describedby={`${fieldId}-counter`}
          onChange={(e) => setMessage(e.target.value)}
        />
        <p id={`${fieldId}-counter`} className="tip-counter muted small" data-over={tooLong}>
          {t("page.counter", { count: length, max: TIP_MESSAGE_MAX })}
        </p>
        {tooLong ? (
          <p className="tip-error small" role="alert">
            {t("page.tooLong", { max: TIP_MESSAGE_MAX })}
          </p>
        ) : null}
      </div>
      <div className="dialog-actions">
        <button type="submit" className="button" data-testid="tip-next" disabled={busy}>
          {amount.ok ? `${formatYen(amount.amount)} · ${t("page.next")}` : t("page.next")}
        </button>
      </div>
    </form>
  );
}

export function PostTipPage(props: ItemPageProps) {
  return <TipPage {...props} targetType="post_tipping" />;
}

export function FanclubTipPage(props: ItemPageProps) {
  return <TipPage {...props} targetType="fanclub_tipping" />;
}
