/**
 * Japan's consumption tax as dated data, and the rounding a qualified invoice (適格請求書) uses.
 *
 * Rates change by law on a given day; an amount is taxed at the rate in force on the day of the
 * transaction, so history keeps the rate it had. A new rate is a new row here, never an edit of an
 * old one. Rates are whole percents (national and local tax together, as invoices print them).
 */

export interface ConsumptionTaxPeriod {
  /** first Japan date the rates apply, `yyyy-mm-dd` */
  from: string;
  /** standard rate, percent */
  standardPercent: number;
  /** reduced rate (food, newspapers) where one exists, percent; the platform's fees never use it */
  reducedPercent: number | null;
}

/** Oldest first. */
export const CONSUMPTION_TAX_PERIODS: readonly ConsumptionTaxPeriod[] = [
  { from: "1989-04-01", standardPercent: 3, reducedPercent: null },
  { from: "1997-04-01", standardPercent: 5, reducedPercent: null },
  { from: "2014-04-01", standardPercent: 8, reducedPercent: null },
  { from: "2019-10-01", standardPercent: 10, reducedPercent: 8 },
];

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The standard rate in force on a Japan date (`yyyy-mm-dd`); a date before the tax existed is 0 %. */
export function standardTaxPercentOn(date: string, periods: readonly ConsumptionTaxPeriod[] = CONSUMPTION_TAX_PERIODS): number {
  if (!DATE_PATTERN.test(date)) throw new RangeError(`not a date: ${date}`);
  let percent = 0;
  // ISO dates compare as strings
  for (const p of periods) if (p.from <= date) percent = p.standardPercent;
  return percent;
}

/**
 * The tax on one rate's total on a qualified invoice. The law asks for one rounding per rate per
 * invoice (not per line); the platform rounds down (切り捨て), toward zero for a negative total
 * (a month whose refunds exceed its fees), so a refund and its sale round alike.
 */
export function invoiceTaxForRate(totalExcludingTax: number, percent: number): number {
  if (!Number.isInteger(totalExcludingTax)) throw new RangeError(`yen must be an integer, got ${totalExcludingTax}`);
  if (!Number.isInteger(percent) || percent < 0) throw new RangeError(`not a tax rate: ${percent}`);
  const magnitude = Math.floor((Math.abs(totalExcludingTax) * percent) / 100);
  return totalExcludingTax < 0 ? -magnitude : magnitude;
}
