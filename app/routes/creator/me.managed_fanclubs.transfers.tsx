import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ManagedTabs } from "~/components/payouts/managed-tabs";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { managedPayoutsPage } from "../../../server/http/managed-pages";

export const handle = { i18n: ["common", "creator", "payouts"], breadcrumb: () => ({ label: "sidebar.managedFanclubs" }) };
export const clientLoader = withNamespaces(["creator", "payouts"]);

/**
 * /me/managed_fanclubs/transfers: for a label, each managed fan club's withdrawable balance,
 * payouts on their way and paid, and whose account receives them; with the totals.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return managedPayoutsPage(context.app, "transfers");
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ManagedTransfers() {
  const { t } = useTranslation("payouts");
  const { t: tc } = useTranslation("creator");
  const { rows, totals } = useLoaderData<typeof loader>();
  return (
    <div className="page managed-transfers">
      <h1>{tc("managed.transfers")}</h1>
      <ManagedTabs current="transfers" />
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t("history.fanclub")}</th>
              <th scope="col">{t("transfer.balance")}</th>
              <th scope="col">{t("managed.inProgress")}</th>
              <th scope="col">{t("managed.paid")}</th>
              <th scope="col">{t("transfer.payee")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.fanclubId} data-fanclub-id={r.fanclubId}>
                <td>{r.fanclubName}</td>
                <td>{formatYen(r.balance)}</td>
                <td>{formatYen(r.inProgress)}</td>
                <td>{formatYen(r.paid)}</td>
                <td>{r.payee?.kind === "label" ? t("managed.toLabel") : t("managed.toOwner")}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="managed-totals">
              <th scope="row">{t("managed.total")}</th>
              <td>{formatYen(totals.balance)}</td>
              <td>{formatYen(totals.inProgress)}</td>
              <td>{formatYen(totals.paid)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
