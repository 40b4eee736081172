/** Accepted card brands and the coin, drawn as text badges (no third-party logo files). */
const CARDS = ["VISA", "MASTERCARD", "JCB", "AMEX"] as const;

export function PaymentLogos({ cardsLabel, coinLabel }: { cardsLabel: string; coinLabel: string }) {
  return (
    <ul className="payment-logos" aria-label={cardsLabel}>
      {CARDS.map((card) => (
        <li key={card} className={`payment-logo payment-${card.toLowerCase()}`}>
          {card}
        </li>
      ))}
      <li className="payment-logo payment-coin">{coinLabel}</li>
    </ul>
  );
}
