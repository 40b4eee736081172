import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TransferTable } from "~/components/payouts/transfer-status";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { payoutHistory } from "../../../server/services/payouts/payouts";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:history.title" }) };
export const clientLoader = withNamespaces(["payouts"]);

/** /me/fanclub/transfer/history: every payout of the fan club and where it stands. Owners only (manageTransfers). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageTransfers");
  const rows = await payoutHistory(app.db, [op.fanclubId]);
  return { title: translatorFor(app.locale, "payouts")("history.title"), rows };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function TransferHistory() {
  const { t } = useTranslation("payouts");
  const { rows } = useLoaderData<typeof loader>();
  return (
    <div className="page transfer-history">
      <h1>{t("history.title")}</h1>
      <p>
        <Link to="/me/fanclub/transfer">{t("transfer.title")}</Link>
      </p>
      {rows.length === 0 ? <p className="empty-state">{t("history.empty")}</p> : <TransferTable rows={rows} />}
    </div>
  );
}
