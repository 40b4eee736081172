import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/lib/i18n";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";

/**
 * The pieces the creator's sales page and the label's share (/me/fanclub/sales,
 * /me/managed_fanclubs/sales): the month picker, the four figure columns and the table of the
 * last 12 months, so both pages read and pick months the same way.
 */

type Figures = { gross: number; fee: number; tax: number; net: number };

/** The header cells of gross, platform fee, tax on the fee and net. */
export function FigureHeads() {
  const { t } = useTranslation("sales");
  return (
    <>
      <th scope="col">{t("gross")}</th>
      <th scope="col">{t("fee")}</th>
      <th scope="col">{t("tax")}</th>
      <th scope="col">{t("net")}</th>
    </>
  );
}

/** A row's gross, fee, tax and net cells, in yen. */
export function FigureCells({ figures: f }: { figures: Figures }) {
  return (
    <>
      <td className="num">{formatYen(f.gross)}</td>
      <td className="num">{formatYen(f.fee)}</td>
      <td className="num">{formatYen(f.tax)}</td>
      <td className="num">{formatYen(f.net)}</td>
    </>
  );
}

/** The month picker: the months of the chart, newest first; a GET of `?month=`. */
export function SalesMonthPicker({ month, months }: { month: string; months: ReadonlyArray<{ month: string }> }) {
  const { t, locale } = useTranslation("sales");
  return (
    <Form method="get" className="sales-month-form">
      <label>
        {t("month")}{" "}
        <select name="month" defaultValue={month}>
          {[...months].reverse().map((m) => (
            <option key={m.month} value={m.month}>
              {formatLocalMonth(locale, m.month)}
            </option>
          ))}
        </select>
      </label>{" "}
      <button type="submit" className="button">
        {t("show")}
      </button>
    </Form>
  );
}

/** The last 12 months as a table under the chart (newest first), each month a link to its page. */
export function SalesMonthsTable({ months }: { months: ReadonlyArray<Figures & { month: string }> }) {
  const { t, locale } = useTranslation("sales");
  return (
    <table className="data-table sales-table" data-testid="sales-months">
      <thead>
        <tr>
          <th scope="col">{t("monthsLabel")}</th>
          <FigureHeads />
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((m) => (
          <tr key={m.month}>
            <th scope="row">
              <Link to={`?month=${m.month}`}>{formatLocalMonth(locale, m.month)}</Link>
            </th>
            <FigureCells figures={m} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The chart's words in the page's language, stable across renders (the chart redraws on change). */
export function useSalesChartLabels() {
  const { t } = useTranslation("sales");
  return useMemo(() => ({ gross: t("gross"), net: t("net"), loading: t("chartLoading"), title: t("chartTitle") }), [t]);
}
