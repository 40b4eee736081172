import { useTranslation } from "~/lib/i18n";
import { formatLocalDate, formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";
import type { TransferStatus } from "../../../server/domain/payouts";

const TONE: Record<TransferStatus, string> = {
  owed: "badge badge-warn",
  requested: "badge",
  in_transfer: "badge",
  paid: "badge badge-muted",
  failed: "badge badge-warn",
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation("payouts");
  return (
    <span className={TONE[status]} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export interface TransferRowView {
  id: number;
  period: string | null;
  status: TransferStatus;
  amount: number;
  fee: number;
  net: number;
  bank: { accountNumber: string; holderName: string | null } | null;
  requestedAt: string | null;
  paidAt: string | null;
  failedAt: string | null;
  fanclubName?: string | null;
}

/** The date that matters of a transfer: when it was paid, failed or requested. */
const dateOf = (r: TransferRowView): string | null => r.paidAt ?? r.failedAt ?? r.requestedAt;

/** A list of payouts or refunds: period, fan club (when several), amounts, account, status and dates. */
export function TransferTable({ rows, showFanclub = false }: { rows: readonly TransferRowView[]; showFanclub?: boolean }) {
  const { t, locale } = useTranslation("payouts");
  return (
    <div className="table-wrap">
      <table className="data-table transfer-table">
        <thead>
          <tr>
            <th scope="col">{t("history.period")}</th>
            {showFanclub ? <th scope="col">{t("history.fanclub")}</th> : null}
            <th scope="col">{t("history.amount")}</th>
            <th scope="col">{t("history.fee")}</th>
            <th scope="col">{t("history.net")}</th>
            <th scope="col">{t("history.account")}</th>
            <th scope="col">{t("history.status")}</th>
            <th scope="col">{t("history.date")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-transfer-id={r.id}>
              <td>{r.period ? formatLocalMonth(locale, r.period) : "—"}</td>
              {showFanclub ? <td>{r.fanclubName ?? "—"}</td> : null}
              <td>{formatYen(r.amount)}</td>
              <td>{formatYen(r.fee)}</td>
              <td>{formatYen(r.net)}</td>
              <td>{r.bank ? `${r.bank.accountNumber} ${r.bank.holderName ?? ""}` : "—"}</td>
              <td>
                <TransferStatusBadge status={r.status} />
              </td>
              <td>{dateOf(r) ? formatLocalDate(locale, dateOf(r)!) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
