import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { CreatorListPage } from "~/components/creator/creator-list-page";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen, formatNumber } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listCreatorLiveEvents } from "../../../server/services/live-events";
import { formatJstDateTime } from "../../../server/domain/jst-time";

export const handle = { i18n: ["common", "lives"], breadcrumb: () => ({ label: "lives:creator.list" }) };
export const clientLoader = withNamespaces(["lives"]);

/** /me/fanclub/live_events: the fan club's live events with tickets sold (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageLiveEvents");
  return { title: translatorFor(app.locale, "lives")("creator.list"), events: await listCreatorLiveEvents(app.db, op.fanclubId) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function LiveEvents() {
  const { t } = useTranslation("lives");
  const { events } = useLoaderData<typeof loader>();
  return (
    <CreatorListPage
      title={t("creator.list")}
      actions={
        <a className="button" href="/me/fanclub/live_events/new">
          {t("creator.new")}
        </a>
      }
      empty={events.length === 0}
      emptyText={t("creator.empty")}
      columns={[t("fields.title"), t("creator.schedule"), t("fields.status"), t("creator.sold"), t("creator.revenue")]}
      actionsLabel={t("creator.actions")}
    >
      {events.map((e) => (
        <tr key={e.id} data-live-event={e.title}>
          <td>
            <a href={`/me/fanclub/live_events/${e.id}`}>{e.title}</a>
          </td>
          <td>{t("public.schedule", { start: formatJstDateTime(e.startAt), end: formatJstDateTime(e.endAt) })}</td>
          <td>
            <span className={e.status === 0 ? "badge" : "badge badge-muted"}>{t(`status.${e.status}`)}</span>
          </td>
          <td>{formatNumber(e.sold)}</td>
          <td>{formatYen(e.revenue)}</td>
          <td className="actions">
            <a href={`/me/fanclub/live_events/edit/${e.id}`}>{t("creator.editLink")}</a>
          </td>
        </tr>
      ))}
    </CreatorListPage>
  );
}
