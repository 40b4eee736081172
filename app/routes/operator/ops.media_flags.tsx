import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { listMediaAbuseFlags } from "../../../server/services/media-rate";

export const handle = { i18n: ["common", "leak"], breadcrumb: () => ({ label: "leak:ops.title" }) };
export const clientLoader = withNamespaces(["leak"]);

/** /ops/media_flags: accounts that went over the private media rate limits (docs/decisions/042). Staff only. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  // everyone else gets the same 404 as for a page that does not exist
  if (!user.isOperator) throw new Response(null, { status: 404 });
  const rows = await listMediaAbuseFlags(app.db);
  return {
    title: translatorFor(app.locale, "leak")("ops.title"),
    flags: rows.map((r) => ({ ...r, createdAt: formatJstDateTime(r.createdAt.getTime()) })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function MediaFlags() {
  const { t } = useTranslation("leak");
  const { flags } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("ops.title")}</h1>
      <p className="muted">{t("ops.intro")}</p>
      {flags.length === 0 ? (
        <p className="empty-state">{t("ops.empty")}</p>
      ) : (
        <table className="table" data-testid="media-flags">
          <thead>
            <tr>
              <th>{t("ops.at")}</th>
              <th>{t("ops.account")}</th>
              <th>{t("ops.window")}</th>
              <th>{t("ops.count")}</th>
              <th>{t("ops.client")}</th>
            </tr>
          </thead>
          <tbody>
            {flags.map((f) => (
              <tr key={f.id} data-flag-user={f.userId}>
                <td>{f.createdAt}</td>
                <td>
                  {f.userName} ({f.userEmail ?? `#${f.userId}`})
                </td>
                <td>{t(`ops.windows.${f.windowKind}`)}</td>
                <td>{f.count}</td>
                <td>
                  {f.clientIp ?? "-"} · {f.userAgent ?? "-"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
