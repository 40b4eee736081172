import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { requireOperator } from "../../../server/http/require-operator";
import { translatorFor } from "../../../server/i18n";
import { contestSummary, listContests } from "../../../server/services/contests/queries";

export const handle = { i18n: ["common", "contests"], breadcrumb: () => ({ label: "contests:ops.title" }) };
export const clientLoader = withNamespaces(["contests"]);

/** /ops/contests: the operator's contests, newest first, each with its stage and page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const now = Date.now();
  const rows = await listContests(app.db);
  return { title: translatorFor(app.locale, "contests")("ops.title"), contests: rows.map((r) => contestSummary(r, now)) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function OpsContests() {
  const { t } = useTranslation("contests");
  const { contests } = useLoaderData<typeof loader>();
  const links = linkBuilder(useRootData());
  return (
    <div className="page">
      <h1>{t("ops.title")}</h1>
      <p>
        <Link className="button" to="/ops/contests/new">
          {t("ops.new")}
        </Link>
      </p>
      {contests.length === 0 ? (
        <p className="empty-state">{t("ops.empty")}</p>
      ) : (
        <ul className="settings-list">
          {contests.map((c) => (
            <li key={c.id} className="card" data-contest={c.slug}>
              <p>
                <strong>{c.name}</strong> · <span className="badge">{t(`stage.${c.stage}`)}</span>
              </p>
              <p className="muted">
                {t("labels.period")}: {t("labels.range", { from: formatJstDateTime(c.startAt), to: formatJstDateTime(c.endAt) })}
              </p>
              <p className="form-actions">
                <Link to={`/ops/contests/${c.id}/edit`}>{t("ops.edit")}</Link>
                <a href={links.user(`/contest/${c.slug}`)}>{t("ops.view")}</a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
