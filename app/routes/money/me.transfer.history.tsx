import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TransferTable } from "~/components/payouts/transfer-status";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listRefunds } from "../../../server/services/payouts/refunds";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:refunds.historyTitle" }) };
export const clientLoader = withNamespaces(["payouts"]);

/** /me/transfer/history: every refund owed to the fan and where it stands, up to paid. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const rows = await listRefunds(app.db, user.id);
  return { title: translatorFor(app.locale, "payouts")("refunds.historyTitle"), rows };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function RefundHistory() {
  const { t } = useTranslation("payouts");
  const { rows } = useLoaderData<typeof loader>();
  return (
    <div className="page refund-history">
      <h1>{t("refunds.historyTitle")}</h1>
      <p>
        <Link to="/me/transfer">{t("refunds.title")}</Link>
      </p>
      {rows.length === 0 ? <p className="empty-state">{t("refunds.empty")}</p> : <TransferTable rows={rows} showFanclub />}
    </div>
  );
}
