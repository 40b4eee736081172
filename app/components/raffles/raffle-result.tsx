import { useTranslation } from "~/lib/i18n";
import { formatJstDateTime } from "../../../server/domain/jst-time";
import { formatNumber } from "../../../server/domain/number-display";

export type RaffleDrawJson = {
  seed: string;
  algorithm: string;
  drawnAt: number;
  ticketCount: number;
  winners: Array<{ rank: number; userId: number; name: string }>;
};

/**
 * A recorded draw: the winners (to managers and entrants), and what anyone needs to recompute it
 * (seed, algorithm, the number of entries it ran over, and how the algorithm works).
 */
export function RaffleResult(props: { draw: RaffleDrawJson; winnerCount: number; showWinners: boolean; viewerUserId: number | null }) {
  const { t } = useTranslation("raffles");
  const { draw } = props;
  return (
    <div className="raffle-result">
      {props.showWinners ? (
        <>
          <h3>{t("public.winners")}</h3>
          {draw.winners.length ? (
            <ol className="raffle-winners">
              {draw.winners.map((w) => (
                <li key={w.rank} data-winner={w.name} aria-current={w.userId === props.viewerUserId ? "true" : undefined}>
                  {w.userId === props.viewerUserId ? <strong>{w.name}</strong> : w.name}
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">{t("creator.noWinners")}</p>
          )}
        </>
      ) : (
        <p className="muted small">{t("public.winnersForEntrants")}</p>
      )}
      <details className="raffle-proof" open>
        <summary>{t("public.details")}</summary>
        <dl>
          <div>
            <dt>{t("public.drawnAt")}</dt>
            <dd>{formatJstDateTime(draw.drawnAt)}</dd>
          </div>
          <div>
            <dt>{t("public.algorithm")}</dt>
            <dd>
              <code>{draw.algorithm}</code>
            </dd>
          </div>
          <div>
            <dt>{t("public.seed")}</dt>
            <dd>
              <code className="raffle-seed">{draw.seed}</code>
            </dd>
          </div>
          <div>
            <dt>{t("public.tickets")}</dt>
            <dd>{formatNumber(draw.ticketCount)}</dd>
          </div>
        </dl>
        <p className="small muted">{t("public.reproduce")}</p>
      </details>
    </div>
  );
}
