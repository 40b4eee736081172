import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LiveCardList } from "./live-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import liveStyles from "~/styles/lives.css?url";
import { anonymousPageHeaders } from "../../../../server/http/page-cache";
import { idParam } from "../../../../server/http/params";
import { listFanclubLives } from "../../../../server/services/live-events";

export const handle = { i18n: ["common", "fanclub", "lives"], breadcrumb: () => ({ label: "fanclub:tabs.lives" }) };
export const clientLoader = withNamespaces(["fanclub", "lives"]);
export const headers = anonymousPageHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: liveStyles }];

/**
 * /fanclubs/{id}/lives: on air now, coming, and past live events of the fan club (private ones are
 * not listed). The frame and the 404 for unknown fan clubs come from the layout.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const fanclubId = idParam(params.id);
  const n = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  const list = await listFanclubLives(context.app.db, fanclubId, Date.now(), page);
  return { fanclubId, page, ...list };
}

export default function FanclubLivesTab() {
  const { t } = useTranslation("lives");
  const { fanclubId, page, coming, past, hasNext } = useLoaderData<typeof loader>();
  const onAir = coming.filter((l) => l.timing === "onAir");
  const upcoming = coming.filter((l) => l.timing !== "onAir");
  const href = (n: number) => (n === 1 ? `/fanclubs/${fanclubId}/lives` : `/fanclubs/${fanclubId}/lives?page=${n}`);
  if (!coming.length && !past.length) return <p className="empty-state">{t("public.empty")}</p>;
  return (
    <div className="fanclub-lives" aria-label={t("public.listLabel")}>
      {onAir.length ? (
        <section className="live-section" data-section="now-on-air">
          <h2>{t("public.nowOnAir")}</h2>
          <LiveCardList lives={onAir} />
        </section>
      ) : null}
      {upcoming.length ? (
        <section className="live-section" data-section="coming">
          <h2>{t("public.coming")}</h2>
          <LiveCardList lives={upcoming} />
        </section>
      ) : null}
      {past.length ? (
        <section className="live-section" data-section="past">
          <h2>{t("public.past")}</h2>
          <LiveCardList lives={past} />
        </section>
      ) : null}
      {page > 1 || hasNext ? (
        <nav className="pager">
          {page > 1 ? <Link to={href(page - 1)}>{t("public.previousPage")}</Link> : <span />}
          {hasNext ? <Link to={href(page + 1)}>{t("public.nextPage")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
