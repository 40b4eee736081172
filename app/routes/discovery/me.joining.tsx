import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { joinedCursorQuery, useJoinedPages } from "~/components/fanclub/use-joined-pages";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { JOINED_PAGE_SIZE, listJoined, parseJoinedCursor, type JoinedFanclub } from "../../../server/services/joined";
import { formatNumber } from "../../../server/domain/number-display";

export const handle = {
  i18n: ["common", "discovery"],
  breadcrumb: () => ({ label: "discovery:joining.title" }),
};
export const clientLoader = withNamespaces(["discovery"]);

/**
 * /me/joining: the fan clubs I support, on every brand, with plan and monthly price. The first
 * page is server-rendered; "show more" fetches the next page by cursor. Without script the same
 * button is a link to the next page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "discovery");
  const url = new URL(request.url);
  const parsed = parseJoinedCursor(url.searchParams.get("prevLastId"), url.searchParams.get("prevActivedAt"));
  if (!parsed.ok) throw new Response(t("errors.badCursor"), { status: 400 });
  const page = await listJoined(app.db, user.id, { ...parsed.cursor, limit: JOINED_PAGE_SIZE });
  return { title: t("joining.title"), ...page };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Joining() {
  const { t } = useTranslation("discovery");
  const data = useLoaderData<typeof loader>();
  const { items: loaded, next: loadedNext, busy: loading, load, reset } = useJoinedPages("/fanclubs/joined", data);
  const items = loaded ?? [];
  const next = loadedNext ?? data.next;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new loader result (a navigation) starts the list again, not a re-render
  useEffect(() => reset(data), [data]);
  const loadMore = () => load(next);

  return (
    <div className="page">
      <h1>{t("joining.title")}</h1>
      {items.length === 0 ? (
        <div className="empty-state">
          <p>{t("joining.empty")}</p>
          <p>{t("joining.emptyHint")}</p>
          <p>
            <a className="button" href="/fanclubs?order=2&category=">
              {t("joining.search")}
            </a>
          </p>
        </div>
      ) : (
        <>
          <p className="muted">{t("joining.lead")}</p>
          <ul className="fanclub-list">
            {items.map((f) => (
              <JoinedItem key={f.id} fanclub={f} />
            ))}
          </ul>
        </>
      )}
      {next.hasNext ? (
        <p className="load-more">
          <a
            className="button button-outline"
            href={`?${joinedCursorQuery(next)}`}
            aria-disabled={loading || undefined}
            onClick={(e) => {
              e.preventDefault();
              if (!loading) void loadMore();
            }}
          >
            {loading ? t("joining.loading") : t("joining.more")}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** A fan club of any brand: the link goes to that brand's host, with the plan I am on. */
function JoinedItem({ fanclub: f }: { fanclub: JoinedFanclub }) {
  const { t } = useTranslation("discovery");
  return (
    <FanclubCard
      fanclub={{ ...f, iconUrl: mediaUrl(f.iconKey) }}
      origin={f.frontUrl}
      details={
        <span className="joined-plan">
          <span>{t("joining.plan", { name: f.planName })}</span>
          <span className="joined-price">
            {f.planPrice === 0 ? t("joining.free") : t("joining.priceMonthly", { price: formatNumber(f.planPrice) })}
          </span>
        </span>
      }
    />
  );
}
