import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { formatRaffleWindow } from "~/components/raffles/format";
import { CreatorListPage } from "~/components/creator/creator-list-page";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { rafflePhase } from "../../../server/domain/raffles";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listCreatorRaffles } from "../../../server/services/raffles";

export const handle = { i18n: ["common", "creator", "raffles"], breadcrumb: () => ({ label: "raffles:creator.list" }) };
export const clientLoader = withNamespaces(["creator", "raffles"]);

/** /me/fanclub/raffles: the fan club's raffles with their entries so far (manageRaffles). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageRaffles");
  const now = Date.now();
  const raffles = await listCreatorRaffles(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "raffles")("creator.list"),
    raffles: raffles.map((r) => ({ ...r, phase: rafflePhase(r, now) })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function CreatorRaffles() {
  const { t } = useTranslation("raffles");
  const { raffles } = useLoaderData<typeof loader>();
  return (
    <CreatorListPage
      title={t("creator.list")}
      actions={
        <a className="button" href="/me/fanclub/raffles/new">
          {t("creator.new")}
        </a>
      }
      empty={raffles.length === 0}
      emptyText={t("creator.empty")}
      columns={[t("fields.title"), t("creator.window"), t("creator.price"), t("history.entries"), t("creator.status")]}
      actionsLabel={t("creator.actions")}
    >
      {raffles.map((r) => (
        <tr key={r.id} data-raffle={r.title}>
          <td>{r.title}</td>
          <td className="small">{formatRaffleWindow(r.entryStartAt, r.entryEndAt)}</td>
          <td>{r.entryPrice === 0 ? t("public.free") : formatYen(r.entryPrice)}</td>
          <td>{t("creator.entries", { tickets: r.ticketCount, fans: r.fanCount })}</td>
          <td>
            <span className={r.phase === "open" ? "badge" : "badge badge-muted"}>{t(`phase.${r.phase}`)}</span>
          </td>
          <td className="actions">
            <a href={`/me/fanclub/raffles/${r.id}/edit`}>{r.phase === "closed" ? t("creator.draw") : t("creator.edit")}</a>
          </td>
        </tr>
      ))}
    </CreatorListPage>
  );
}
