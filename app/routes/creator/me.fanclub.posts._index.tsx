import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import postsStyles from "~/styles/post-management.css?url";
import { uploadsStylesheet } from "~/components/uploads/styles";
import { POST_TYPES, type PostType } from "../../../server/domain/posts";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { MANAGED_FILTERS, MANAGED_PAGE_SIZE, deletePost, listManagedPosts, type ManagedFilter } from "../../../server/services/posts";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { copyPost } from "../../../server/services/post-copy";

// The modal, its form and the uploader load only when the modal opens.
const PostModal = lazy(() => import("~/components/posts/post-modal"));

export const handle = { i18n: ["common", "creator", "posts", "uploads"], breadcrumb: () => ({ label: "posts:management.title" }) };
export const clientLoader = withNamespaces(["creator", "posts", "uploads"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: postsStyles }, uploadsStylesheet];

/** /me/fanclub/posts: post management with status badges, filters, edit and delete (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewPostManagement");
  const url = new URL(request.url);
  const filterParam = url.searchParams.get("status") ?? "all";
  const filter: ManagedFilter = (MANAGED_FILTERS as readonly string[]).includes(filterParam) ? (filterParam as ManagedFilter) : "all";
  const typeParam = url.searchParams.get("type");
  const type = typeParam && typeParam in POST_TYPES ? (typeParam as PostType) : null;
  const pageNumber = Math.max(1, Math.min(10_000, Number(url.searchParams.get("p")) || 1));
  const { posts, total } = await listManagedPosts(app.db, op, app.user!.id, { filter, type, page: pageNumber, now: Date.now() });
  const home = app.services.find((s) => s.id === op.serviceId);
  return {
    title: translatorFor(app.locale, "posts")("management.title"),
    fanclubId: op.fanclubId,
    origin: home?.frontUrl ?? "",
    filter,
    type,
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / MANAGED_PAGE_SIZE)),
    total,
    posts,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewPostManagement");
  const form = await request.formData();
  const id = Number(form.get("postId"));
  const intent = form.get("intent");
  if ((intent !== "delete" && intent !== "copy") || !Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 400 });
  if (intent === "copy") {
    // the copy opens in the editor as a draft (spec §2 copyPostId)
    const copied = await copyPost(
      app.db,
      { bucket: app.env.MEDIA, jobs: app.env.JOBS },
      { op, userId: app.user!.id, postId: id, now: Date.now() },
    );
    if (!copied.ok) {
      setFlash(app, [{ type: "error", key: `posts:copy.${copied.reason === "storageFailed" ? "failed" : copied.reason}` }]);
      throw redirect(`/me/fanclub/posts${new URL(request.url).search}`);
    }
    const type = listedTypeOf(form.get("type"));
    setFlash(app, [{ type: "info", key: "posts:copy.copied" }]);
    throw redirect(editHref({ id: copied.postId, type }));
  }
  if (!(await deletePost(app.db, op, app.user!.id, id, Date.now()))) throw new Response(null, { status: 404 });
  setFlash(app, [{ type: "info", key: "posts:toast.deleted" }]);
  throw redirect(`/me/fanclub/posts${new URL(request.url).search}`);
}

function listedTypeOf(value: FormDataEntryValue | null): PostType {
  return typeof value === "string" && value in POST_TYPES ? (value as PostType) : "picture";
}

function editHref(post: { id: number; type: PostType }) {
  return `/me/fanclub/posts/edit/${post.id}/${post.type}`;
}

export default function PostManagement() {
  const { t, locale } = useTranslation("posts");
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const dialog = useDialog();
  const query = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return `?${p.toString()}`;
  };
  const modalOpen = params.has("fanclubPost");

  return (
    <div className="page post-management">
      <div className="page-heading">
        <h1>{t("management.title")}</h1>
        <Link className="button" to={query({ fanclubPost: "new" })} data-testid="new-post">
          {t("actions.newPost")}
        </Link>
      </div>
      <nav className="filter-tabs" aria-label={t("fields.visibility")}>
        {MANAGED_FILTERS.map((f) => (
          <Link
            key={f}
            to={query({ status: f === "all" ? null : f, p: null })}
            aria-current={data.filter === f ? "page" : undefined}
            className="filter-tab"
          >
            {t(`filters.${f}`)}
          </Link>
        ))}
        <Form method="get" className="type-filter">
          {data.filter !== "all" ? <input type="hidden" name="status" value={data.filter} /> : null}
          <select
            name="type"
            defaultValue={data.type ?? ""}
            aria-label={t("filters.allTypes")}
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">{t("filters.allTypes")}</option>
            {Object.keys(POST_TYPES).map((k) => (
              <option key={k} value={k}>
                {t(`types.${k}`)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit">OK</button>
          </noscript>
        </Form>
      </nav>
      <p className="muted small">{t("management.count", { count: data.total })}</p>
      {data.posts.length === 0 ? (
        <div className="empty-state">
          <p>{data.filter === "all" && !data.type ? t("management.empty") : t("management.emptyFiltered")}</p>
        </div>
      ) : (
        <ul className="managed-posts" data-testid="managed-posts">
          {data.posts.map((p) => (
            <li key={p.id} className="managed-post" data-post-id={p.id} data-status={p.status}>
              <div className="managed-post-main">
                <span className={`badge badge-status badge-${p.status}`}>{t(`status.${p.status}`)}</span>
                <span className="badge badge-muted">{t(`types.${p.type}`)}</span>
                {p.isGroupPost ? <span className="badge badge-muted">{t("management.group")}</span> : null}
                {p.planName ? <span className="badge badge-plan">{p.planName}</span> : null}
                <a
                  className="managed-post-title"
                  href={p.status === "draft" ? editHref(p) : `${data.origin}/fanclubs/${data.fanclubId}/posts/${p.id}`}
                >
                  {p.title || t("modal.untitled")}
                </a>
              </div>
              <div className="managed-post-meta muted small">
                <span>
                  {t(p.status === "draft" ? "management.updatedAt" : "management.publishedAt", {
                    date: formatLocalDate(locale, p.status === "draft" ? p.updatedAt : p.publishedAt, true),
                  })}
                </span>
                <span>{t("management.likes", { count: p.likeCount })}</span>
                <span>{t("management.comments", { count: p.commentCount })}</span>
              </div>
              {p.editable ? (
                <div className="managed-post-actions">
                  <a className="button button-outline button-small" href={editHref(p)}>
                    {t("actions.edit")}
                  </a>
                  <Form
                    method="post"
                    onSubmit={async (e) => {
                      const form = e.currentTarget;
                      e.preventDefault();
                      if (await dialog.confirm({ message: t("copy.copyConfirm") })) form.submit();
                    }}
                  >
                    <input type="hidden" name="postId" value={p.id} />
                    <input type="hidden" name="type" value={p.type} />
                    {/* a field, not the button's value: the confirm dialog submits the form without its submitter */}
                    <input type="hidden" name="intent" value="copy" />
                    <button type="submit" className="button button-outline button-small" data-testid="copy-post">
                      {t("copy.copy")}
                    </button>
                  </Form>
                  <Form
                    method="post"
                    onSubmit={async (e) => {
                      const form = e.currentTarget;
                      e.preventDefault();
                      if (await dialog.confirm({ message: t("actions.deleteConfirm") })) form.submit();
                    }}
                  >
                    <input type="hidden" name="postId" value={p.id} />
                    {/* as for copy: the confirmed submit carries no submitter, so the intent is a field */}
                    <input type="hidden" name="intent" value="delete" />
                    <button type="submit" className="button button-danger button-small">
                      {t("actions.delete")}
                    </button>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.pages > 1 ? (
        <nav className="pagination">
          {data.page > 1 ? <Link to={query({ p: String(data.page - 1) })}>‹</Link> : null}
          <span>
            {data.page} / {data.pages}
          </span>
          {data.page < data.pages ? <Link to={query({ p: String(data.page + 1) })}>›</Link> : null}
        </nav>
      ) : null}
      {modalOpen ? (
        <Suspense fallback={null}>
          <PostModal fanclubId={data.fanclubId} origin={data.origin} />
        </Suspense>
      ) : null}
    </div>
  );
}
