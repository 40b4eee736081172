import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { mediaUrl } from "../../../server/domain/images";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listManagedFanclubs } from "../../../server/services/creator";
import { salesMonth, salesOfFanclubs } from "../../../server/services/earnings/sales";
import { formatLocalMonth } from "../../../server/domain/jst-time";
import { formatYen } from "../../../server/domain/number-display";

export const handle = { i18n: ["common", "creator", "sales"], breadcrumb: () => ({ label: "sidebar.managedFanclubs" }) };
export const clientLoader = withNamespaces(["creator", "sales"]);

const SECTIONS = ["sales", "transfers", "transfer_histories"] as const;

/**
 * /me/managed_fanclubs/{sales,transfers,transfer_histories}: bulk management for people who
 * manage several fan clubs. Sales show each managed fan club's month from the earnings ledger
 * and the totals; payouts arrive with the payouts feature, and until then their sections say so.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  const section = params.section ?? "";
  if (!(SECTIONS as readonly string[]).includes(section) || !app.session!.creator.hasManagedFanclub)
    throw new Response(null, { status: 404 });
  const rows = await listManagedFanclubs(app.db, app.session!.user.id);
  // sales: each managed fan club's month from the earnings ledger, and the totals (decision 029)
  const month = salesMonth(new URL(request.url).searchParams.get("month"), Date.now());
  const figures =
    section === "sales"
      ? await salesOfFanclubs(
          app.db,
          rows.map((r) => r.id),
          month,
        )
      : null;
  const zero = { gross: 0, fee: 0, tax: 0, net: 0 };
  const sales = figures ? rows.map((r) => ({ fanclubId: r.id, name: r.name, ...(figures.get(r.id) ?? zero) })) : null;
  return {
    title: translatorFor(app.locale, "creator")(`managed.${section}`),
    section,
    month,
    sales,
    totals: sales?.reduce((a, r) => ({ gross: a.gross + r.gross, fee: a.fee + r.fee, tax: a.tax + r.tax, net: a.net + r.net }), zero),
    fanclubs: rows.map((r) => ({
      ...r,
      iconUrl: mediaUrl(r.iconKey),
      origin: app.services.find((s) => s.id === r.serviceId)?.frontUrl ?? "",
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ManagedFanclubs() {
  const { t, locale } = useTranslation("creator");
  const { t: ts } = useTranslation("sales");
  const { section, fanclubs, sales, totals, month } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t(`managed.${section}`)}</h1>
      <nav className="tabs" aria-label={t("managed.title")}>
        {SECTIONS.map((s) => (
          <a key={s} href={`/me/managed_fanclubs/${s}`} aria-current={s === section ? "page" : undefined}>
            {t(`managed.${s}`)}
          </a>
        ))}
      </nav>
      {sales && totals ? (
        <>
          <p className="muted">{ts("managedLead", { month: formatLocalMonth(locale, month) })}</p>
          <table className="data-table sales-table" data-testid="managed-sales">
            <thead>
              <tr>
                <th scope="col">{ts("fanclubCol")}</th>
                <th scope="col">{ts("gross")}</th>
                <th scope="col">{ts("fee")}</th>
                <th scope="col">{ts("tax")}</th>
                <th scope="col">{ts("net")}</th>
              </tr>
            </thead>
            <tbody>
              {[...sales, { fanclubId: 0, name: ts("total"), ...totals }].map((r) => (
                <tr key={r.fanclubId} data-fanclub-id={r.fanclubId}>
                  <th scope="row">{r.name}</th>
                  <td className="num">{formatYen(r.gross)}</td>
                  <td className="num">{formatYen(r.fee)}</td>
                  <td className="num">{formatYen(r.tax)}</td>
                  <td className="num">{formatYen(r.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="empty-state">{t("managed.upcoming")}</p>
      )}
      <h2>{t("managed.fanclubs", { count: fanclubs.length })}</h2>
      <ul className="fanclub-list">
        {fanclubs.map((f) => (
          <FanclubCard key={f.id} fanclub={f} origin={f.origin} />
        ))}
      </ul>
    </div>
  );
}
