import { useTranslation } from "~/lib/i18n";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";

export interface InvoiceLinkMonth {
  month: string;
  /** the invoice's total, tax included */
  total: number;
}

/**
 * The months whose qualified invoice (the platform's fees, with the sales statement) can be
 * downloaded as a PDF, newest first. `hrefOf` gives a month's download URL: the creator's own
 * (/me/fanclub/sales/invoices/{yyyy-mm}.pdf) or a label's copy. Needs the `invoices` namespace.
 */
export function InvoiceLinks({
  months,
  hrefOf,
  heading: Heading = "h2",
}: {
  months: readonly InvoiceLinkMonth[];
  hrefOf: (month: string) => string;
  /** h1 where the list is the page, h2 inside another page */
  heading?: "h1" | "h2";
}) {
  const { t, locale } = useTranslation("invoices");
  return (
    <section className="card invoice-links" aria-labelledby="invoice-links-title" data-testid="invoice-links">
      <Heading id="invoice-links-title">{t("list.title")}</Heading>
      <p className="muted">{t("list.lead")}</p>
      {months.length === 0 ? (
        <p>{t("list.empty")}</p>
      ) : (
        <ul>
          {months.map((m) => (
            <li key={m.month}>
              {/* a plain <a>, not Remix's <Link>: the browser downloads the file */}
              <a href={hrefOf(m.month)} download>
                {t("list.download", { month: formatLocalMonth(locale, m.month) })}
              </a>{" "}
              <span className="muted">{t("list.total", { amount: formatYen(m.total) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
