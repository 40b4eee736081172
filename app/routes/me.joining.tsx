import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { mediaUrl } from "~/lib/media";
import { requireUser } from "../../server/http/require-user";
import { translatorFor } from "../../server/i18n";
import { JOINED_PAGE_SIZE, listJoined, parseJoinedCursor, type JoinedFanclub, type JoinedPage } from "../../server/services/joined";

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

/** spec §9: plan prices are monthly, tax included, in yen with ja-JP separators. */
const yen = new Intl.NumberFormat("ja-JP");

function nextQuery(next: JoinedPage["next"]): string {
  return new URLSearchParams({ prevLastId: String(next.lastId ?? ""), prevActivedAt: next.lastActionedAt ?? "" }).toString();
}

export default function Joining() {
  const { t } = useTranslation("discovery");
  const toast = useToast();
  const data = useLoaderData<typeof loader>();
  const [items, setItems] = useState(data.fanclubs);
  const [next, setNext] = useState(data.next);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setItems(data.fanclubs);
    setNext(data.next);
  }, [data]);

  const loadMore = async () => {
    setLoading(true);
    try {
      const res = await callApi<JoinedPage>(`/fanclubs/joined?${nextQuery(next)}`);
      if (res.success) {
        setItems((list) => [...list, ...res.payload.fanclubs]);
        setNext(res.payload.next);
      } else {
        toast.show(res.payload.message ?? t("api.server"), "error");
      }
    } catch {
      toast.show(t("api.server"), "error");
    } finally {
      setLoading(false);
    }
  };

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
            href={`?${nextQuery(next)}`}
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
  const icon = mediaUrl(f.iconKey);
  return (
    <li className="card fanclub-card">
      <a href={`${f.frontUrl}${fanclubHref(f)}`}>
        {icon ? (
          <img className="joined-icon" src={icon} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {f.name.slice(0, 1)}
          </span>
        )}
        <span className="fanclub-card-text">
          <strong>{f.name}</strong>
          <span className="muted small">{f.creatorName}</span>
          <span className="joined-plan">
            <span>{t("joining.plan", { name: f.planName })}</span>
            <span className="joined-price">{f.planPrice === 0 ? t("joining.free") : t("joining.priceMonthly", { price: yen.format(f.planPrice) })}</span>
          </span>
        </span>
      </a>
    </li>
  );
}
