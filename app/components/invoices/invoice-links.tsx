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
export function InvoiceLinks({ months, hrefOf }: { months: readonly InvoiceLinkMonth[]; hrefOf: (month: string) => string }) {
  const { t, locale } = useTranslation("invoices");
  return (
    <section className="card invoice-links" aria-labelledby="invoice-links-title">
      <h2 id="invoice-links-title">{t("list.title")}</h2>
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
