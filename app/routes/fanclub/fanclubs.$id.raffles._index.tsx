import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { formatRaffleWindow } from "~/components/raffles/format";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { rafflePhase } from "../../../server/domain/raffles";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { listFanclubRaffles } from "../../../server/services/raffles";
import raffleStyles from "~/styles/raffles.css?url";

export const handle = { i18n: ["common", "fanclub", "raffles"], breadcrumb: () => ({ label: "fanclub:tabs.raffles" }) };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: raffleStyles }];
export const clientLoader = withNamespaces(["fanclub", "raffles"]);
export const headers = anonymousPageHeaders;

/** /fanclubs/{id}/raffles: the fan club's published and drawn raffles (the frame and its 404 come from the layout). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const fanclubId = idParam(params.id);
  const now = Date.now();
  const raffles = await listFanclubRaffles(context.app.db, fanclubId);
  return {
    fanclubId,
    raffles: raffles.map((r) => ({
      id: r.id,
      title: r.title,
      entryPrice: r.entryPrice,
      winnerCount: r.winnerCount,
      entryStartAt: r.entryStartAt,
      entryEndAt: r.entryEndAt,
      phase: rafflePhase(r, now),
    })),
  };
}

export default function FanclubRafflesTab() {
  const { t } = useTranslation("raffles");
  const { fanclubId, raffles } = useLoaderData<typeof loader>();
  if (!raffles.length) return <p className="empty-state">{t("public.empty")}</p>;
  return (
    <ul className="raffle-list card-list">
      {raffles.map((r) => (
        <li key={r.id} className="card raffle-card" data-raffle={r.title}>
          <div className="raffle-card-head">
            <Link to={`/fanclubs/${fanclubId}/raffles/${r.id}`}>
              <strong>{r.title}</strong>
            </Link>
            <span className={r.phase === "open" ? "badge" : "badge badge-muted"}>{t(`phase.${r.phase}`)}</span>
          </div>
          <p className="small muted">
            {formatRaffleWindow(r.entryStartAt, r.entryEndAt)} ・{" "}
            {r.entryPrice === 0 ? t("public.free") : `${t("public.price")} ${formatYen(r.entryPrice)}`} ・{" "}
            {t("public.winnerCount", { count: r.winnerCount })}
          </p>
        </li>
      ))}
    </ul>
  );
}
