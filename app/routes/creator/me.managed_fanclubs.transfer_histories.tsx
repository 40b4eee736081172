import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ManagedTabs } from "~/components/payouts/managed-tabs";
import { TransferTable } from "~/components/payouts/transfer-status";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { managedPayoutsPage } from "../../../server/http/managed-pages";

export const handle = { i18n: ["common", "creator", "payouts"], breadcrumb: () => ({ label: "sidebar.managedFanclubs" }) };
export const clientLoader = withNamespaces(["creator", "payouts"]);

/** /me/managed_fanclubs/transfer_histories: every payout of the managed fan clubs, newest first, with the totals. */
export async function loader({ context }: LoaderFunctionArgs) {
  return managedPayoutsPage(context.app, "transfer_histories");
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ManagedTransferHistories() {
  const { t } = useTranslation("payouts");
  const { t: tc } = useTranslation("creator");
  const { history, totals } = useLoaderData<typeof loader>();
  return (
    <div className="page managed-transfer-histories">
      <h1>{tc("managed.transfer_histories")}</h1>
      <ManagedTabs current="transfer_histories" />
      <p data-testid="managed-totals">{t("managed.totals", { paid: formatYen(totals.paid), inProgress: formatYen(totals.inProgress) })}</p>
      {history.length === 0 ? <p className="empty-state">{t("history.empty")}</p> : <TransferTable rows={history} showFanclub />}
    </div>
  );
}
