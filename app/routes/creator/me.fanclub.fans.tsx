import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useDialog } from "~/components/feedback/dialog";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import fansStyles from "~/styles/fans.css?url";
import { can } from "../../../server/domain/fanclub-permissions";
import { SEARCH_TYPES, fanActionSchema, fansQuery, parsePage, parseSearchType, type SearchType } from "../../../server/domain/fans";
import { formatCompactNumber } from "../../../server/domain/number-display";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { blockUser, listFans, unblockUser } from "../../../server/services/fans";
import { recheckLiveRooms } from "../../../server/live/recheck";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fans"],
  breadcrumb: () => ({ label: "fans:title" }),
};
export const clientLoader = withNamespaces(["fans"]);
// this feature's few styles load with its pages only
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fansStyles }];

/**
 * spec §2 /me/fanclub/fans?searchType=fans|followers|blocks&page=: the owner's fans, followers and
 * blocked people, one tab at a time, with each tab's count. Owners only (spec §6: editors have no
 * permission for fans).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewFans");
  const url = new URL(request.url);
  const searchType = parseSearchType(url.searchParams.get("searchType"));
  const page = parsePage(url.searchParams.get("page"));
  const result = await listFans(app.db, op.fanclubId, searchType, page);
  return {
    title: translatorFor(app.locale, "fans")("title"),
    fanclubName: op.name,
    searchType,
    page,
    hasNext: result.hasNext,
    counts: result.counts,
    rows: result.rows.map((r) => ({ ...r, since: r.since.toISOString() })),
    canBlock: can(op.role, "blockFans"),
    canManageEditors: can(op.role, "manageEditors"),
    // profiles live on the user domain only (spec §2 route guard)
    profileOrigin: app.origins.user,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "blockFans");
  const t = translatorFor(app.locale, "fans");
  const form = await request.formData();
  const parsed = fanActionSchema.safeParse({ intent: form.get("intent"), userId: form.get("userId") });
  if (!parsed.success) return data({ ok: false, message: t("errors.notFound") }, { status: 400 });
  const { intent, userId } = parsed.data;
  if (intent === "block") {
    const blocked = await blockUser(app.db, { fanclubId: op.fanclubId, userId, now: Date.now() });
    if (!blocked.ok) {
      return data(
        { ok: false, message: blocked.reason === "own" ? t("errors.own") : t("errors.notFound") },
        { status: blocked.reason === "own" ? 400 : 404 },
      );
    }
    // a blocked fan watching one of the fan club's lives leaves its room now, told why
    app.waitUntil(recheckLiveRooms(app.env, app.db, { fanclubId: op.fanclubId, userIds: [userId], now: Date.now() }));
    return { ok: true, message: t("done.blocked", { name: blocked.name }) };
  }
  const unblocked = await unblockUser(app.db, { fanclubId: op.fanclubId, userId });
  if (!unblocked.ok) return data({ ok: false, message: t("errors.notFound") }, { status: 404 });
  return { ok: true, message: t("done.unblocked", { name: unblocked.name }) };
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function Fans() {
  const { t, locale } = useTranslation("fans");
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const sinceLabel: Record<SearchType, string> = {
    fans: t("columns.joinedAt"),
    followers: t("columns.followedAt"),
    blocks: t("columns.blockedAt"),
  };
  const emptyText: Record<SearchType, string> = { fans: t("empty.fans"), followers: t("empty.followers"), blocks: t("empty.blocks") };
  const tabLabel: Record<SearchType, string> = { fans: t("tabs.fans"), followers: t("tabs.followers"), blocks: t("tabs.blocks") };
  const isFans = d.searchType === "fans";

  return (
    <div className="page fans-page">
      <h1>{t("title")}</h1>
      <p className="muted">{t("lead", { fanclub: d.fanclubName })}</p>
      {d.canManageEditors ? (
        <p>
          <Link to="/me/fanclub/editors">{t("editorsLink")}</Link>
        </p>
      ) : null}
      <nav className="sort-nav fans-tabs" aria-label={t("tabs.label")}>
        {SEARCH_TYPES.map((type) => (
          <Link key={type} to={fansQuery(type)} aria-current={type === d.searchType ? "page" : undefined}>
            {tabLabel[type]} <span className="fans-tab-count">{formatCompactNumber(d.counts[type])}</span>
          </Link>
        ))}
      </nav>
      {result ? (
        <p className={result.ok ? "flash" : "flash flash-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      {d.rows.length === 0 ? (
        <p className="empty-state">{emptyText[d.searchType]}</p>
      ) : (
        <div className="fans-table-wrap">
          <table className="data-table fans-table stack-table">
            <thead>
              <tr>
                <th scope="col">{t("columns.user")}</th>
                {isFans ? <th scope="col">{t("columns.plan")}</th> : null}
                {isFans ? <th scope="col">{t("columns.memberNumber")}</th> : null}
                <th scope="col">{sinceLabel[d.searchType]}</th>
                {d.canBlock ? <th scope="col">{t("columns.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.userId}>
                  <td data-label={t("columns.user")}>
                    <a className="fans-person" href={`${d.profileOrigin}/profile/${encodeURIComponent(r.identifyToken)}`}>
                      <span className="avatar" aria-hidden="true">
                        {r.iconImageUrl ? <img src={r.iconImageUrl} alt="" width="32" height="32" /> : r.name.slice(0, 1)}
                      </span>
                      <span>{r.name}</span>
                    </a>
                    {r.blocked && d.searchType !== "blocks" ? <span className="badge fans-blocked">{t("blockedBadge")}</span> : null}
                  </td>
                  {isFans ? <td data-label={t("columns.plan")}>{r.planName}</td> : null}
                  {isFans ? (
                    <td data-label={t("columns.memberNumber")}>
                      {r.memberNumber === null ? null : t("memberNumber", { number: r.memberNumber })}
                    </td>
                  ) : null}
                  <td data-label={sinceLabel[d.searchType]}>
                    <time dateTime={r.since}>{formatLocalDate(locale, r.since)}</time>
                  </td>
                  {d.canBlock ? (
                    <td data-label={t("columns.actions")}>
                      <BlockButton row={r} action={`/me/fanclub/fans${fansQuery(d.searchType, d.page)}`} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {d.page > 1 || d.hasNext ? (
        <nav className="pager" aria-label={t("pager.label")}>
          {d.page > 1 ? <Link to={fansQuery(d.searchType, d.page - 1)}>{t("pager.previous")}</Link> : <span />}
          <span className="muted small">{t("pager.current", { page: d.page })}</span>
          {d.hasNext ? <Link to={fansQuery(d.searchType, d.page + 1)}>{t("pager.next")}</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}

/** A real form, so it works before the page is interactive; with script it asks first. */
function BlockButton({ row, action }: { row: Row; action: string }) {
  const { t } = useTranslation("fans");
  const dialog = useDialog();
  const submit = useSubmit();
  const navigation = useNavigation();
  const intent = row.blocked ? "unblock" : "block";
  const label = row.blocked ? t("actions.unblock") : t("actions.block");
  return (
    <Form
      method="post"
      // the tab and page stay in the address, so the answer shows the list the button was on
      action={action}
      onSubmit={async (event) => {
        event.preventDefault();
        // read before the await: React clears currentTarget once the handler yields
        const form = event.currentTarget;
        const message = row.blocked ? t("confirm.unblock", { name: row.name }) : t("confirm.block", { name: row.name });
        if (await dialog.confirm({ message, okText: label })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={row.userId} />
      <button
        type="submit"
        className={row.blocked ? "button button-secondary button-small" : "button button-danger button-small"}
        disabled={navigation.state !== "idle"}
      >
        {label}
      </button>
    </Form>
  );
}
