import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { tweetText, type PostType } from "../../../server/domain/posts";
import { PostForm, type PostFormData } from "./post-form";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { keepTabInside } from "~/components/feedback/focus-trap";
import { parsePostModalFlags, queryAfterClose } from "../../../server/domain/post-modal";

const MODAL_TYPES: Record<string, PostType> = { album: "picture", streaming: "streaming", attachment: "attachment" };

interface Draft {
  id: number;
  title: string;
  updatedAt: number;
  postTypeStr: string;
}

/**
 * The post creation modal driven by `?fanclubPost=` (spec §2): new (chooser with the drafts list
 * and the group-post checkbox), album, streaming, attachment, complete. Blog and lesson posts
 * open their own pages.
 */
export default function PostModal(props: { fanclubId: number; origin: string }) {
  const { t, locale } = useTranslation("posts");
  const toast = useToast();
  const dialog = useDialog();
  const [params, setParams] = useSearchParams();
  const ref = useRef<HTMLDialogElement>(null);
  const [formData, setFormData] = useState<PostFormData | null>(null);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const mode = params.get("fanclubPost") ?? "";
  const disabled = params.get("postModalDisabled") === "true";
  const groupPost = params.get("isGroupPost") === "1" || params.get("isGroupPost") === "true" || params.get("isGroup") === "true";
  const flags = parsePostModalFlags(params);
  const [copying, setCopying] = useState(false);
  const copyAsked = useRef<string | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);

  useEffect(() => {
    if (disabled) return;
    let live = true;
    void callApi<PostFormData>("/me/fanclub/posts/new_data").then((r) => {
      if (!live) return;
      if (r.success) setFormData(r.payload);
      else toast.show(r.payload.message ?? t("errors.editDataFailed"), "error");
    });
    return () => {
      live = false;
    };
  }, [disabled, t, toast]);

  useEffect(() => {
    if (mode !== "new" || disabled) return;
    void callApi<{ posts: Draft[] }>("/me/fanclub/posts/drafts").then((r) => setDrafts(r.success ? r.payload.posts : []));
  }, [mode, disabled]);

  const go = (next: Record<string, string | null>) => {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { preventScrollReset: true },
    );
  };

  const close = async () => {
    if (uploading && !(await dialog.confirm({ message: t("modal.confirmDiscard") }))) return;
    ref.current?.close();
    // every flag goes; `page` names the management page to land on (decision 041)
    setParams((prev) => queryAfterClose(new URLSearchParams(prev)), { preventScrollReset: true });
  };

  // spec §2 copyPostId: asked once per id, copied through the API, then the draft's editor opens;
  // a cancel or a refusal leaves the chooser open without the flag
  const copyFlag = params.get("copyPostId");
  useEffect(() => {
    if (disabled || copyFlag === null || copyFlag === "" || copyAsked.current === copyFlag) return;
    copyAsked.current = copyFlag;
    const target = parsePostModalFlags(new URLSearchParams({ copyPostId: copyFlag })).copyPostId;
    const drop = () => go({ copyPostId: null });
    void (async () => {
      if (target === "invalid" || target === null) {
        toast.show(t("copy.notFound"), "error");
        drop();
        return;
      }
      if (!(await dialog.confirm({ message: t("copy.copyConfirm") }))) {
        drop();
        return;
      }
      setCopying(true);
      try {
        const r = await callApi<{ postId: number; postTypeStr: string }>(`/me/fanclub/posts/${target}/copy`, { method: "POST" });
        if (r.success) {
          window.location.assign(`/me/fanclub/posts/edit/${r.payload.postId}/${r.payload.postTypeStr}`);
          return;
        }
        toast.show(r.payload.message ?? t("copy.failed"), "error");
      } catch {
        toast.show(t("copy.failed"), "error");
      }
      setCopying(false);
      drop();
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the flag alone starts a copy; go, dialog and toast are the page's
  }, [copyFlag, disabled]);

  const type = MODAL_TYPES[mode];
  const titleKey = mode === "new" ? "modal.chooserTitle" : mode === "complete" ? "modal.completeTitle" : `modal.${mode}New`;
  const postId = params.get("postId");
  const postUrl = postId ? `${props.origin}/fanclubs/${props.fanclubId}/posts/${postId}` : "";

  return (
    <dialog
      ref={ref}
      className="modal post-modal"
      aria-labelledby="post-modal-title"
      data-testid="post-modal"
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault();
        void close();
      }}
    >
      <div className="modal-header">
        <h2 id="post-modal-title">{t(titleKey)}</h2>
        <button type="button" className="modal-close" aria-label={t("actions.close")} onClick={() => void close()}>
          ×
        </button>
      </div>
      <div className="modal-body">
        {disabled ? (
          <p>{t("modal.disabled")}</p>
        ) : copying ? (
          <p className="muted" role="status" data-testid="post-copying">
            {t("modalFlags.copying")}
          </p>
        ) : mode === "new" ? (
          <div className="post-chooser">
            {formData?.groupOwner ? (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={groupPost}
                  onChange={(e) => go({ isGroupPost: e.target.checked ? "1" : null })}
                  data-testid="group-post"
                />{" "}
                {t("fields.isGroupPost")}
              </label>
            ) : null}
            <ul className="post-type-choices">
              {(["album", "streaming", "attachment"] as const).map((m) => (
                <li key={m}>
                  <button type="button" className="post-type-choice" data-type={m} onClick={() => go({ fanclubPost: m })}>
                    {t(`types.${MODAL_TYPES[m]}`)}
                  </button>
                </li>
              ))}
              <li>
                <a className="post-type-choice" data-type="blog" href={`/me/fanclub/posts/new/blog${groupPost ? "?isGroupPost=1" : ""}`}>
                  {t("types.blog")}
                </a>
              </li>
              <li>
                <a className="post-type-choice" data-type="lesson" href="/me/fanclub/posts/new/lesson">
                  {t("types.lesson")}
                </a>
              </li>
            </ul>
            <h3>{t("modal.drafts")}</h3>
            {drafts === null ? (
              <p className="muted">…</p>
            ) : drafts.length === 0 ? (
              <p className="muted">{t("modal.noDrafts")}</p>
            ) : (
              <ul className="draft-list" data-testid="draft-list">
                {drafts.map((d) => (
                  <li key={d.id}>
                    <a href={`/me/fanclub/posts/edit/${d.id}/${d.postTypeStr}`}>{d.title || t("modal.untitled")}</a>
                    <span className="muted small">
                      {t(`types.${d.postTypeStr}`)} · {formatLocalDate(locale, d.updatedAt, true)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : mode === "complete" ? (
          <div className="post-complete">
            {/* the heading already says it is done: the body says which post and what next */}
            <p>
              {params.get("scheduled") === "1"
                ? t("modal.completeScheduled")
                : t("modal.completeBody", { title: params.get("postTitle") ?? "" })}
            </p>
            <div className="form-actions">
              <a
                className="button"
                target="_blank"
                rel="noopener noreferrer"
                href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(tweetText({ title: params.get("postTitle") ?? "", url: postUrl, hashtags: (params.get("hashTag") ?? "").split(/[\s,]+/) }))}`}
              >
                {t("actions.tweet")}
              </a>
              <button
                type="button"
                className="button button-outline"
                onClick={() => go({ fanclubPost: "new", postId: null, postTitle: null, hashTag: null, scheduled: null })}
              >
                {t("actions.postAgain")}
              </button>
              <a className="button button-outline" href={postUrl} data-testid="view-post">
                {t("actions.viewPost")}
              </a>
              <button type="button" className="button button-outline" onClick={() => void close()}>
                {t("actions.toManagement")}
              </button>
            </div>
          </div>
        ) : type && formData ? (
          <PostForm
            key={mode}
            type={type}
            formData={formData}
            initial={null}
            isGroupPost={groupPost}
            initialTitle={params.get("postTitle") ?? undefined}
            initialPlanId={flags.visiblePlanId ?? undefined}
            onUploadingChange={setUploading}
            onSaved={(saved) =>
              go({ fanclubPost: "complete", postId: String(saved.postId), postTitle: saved.title, scheduled: saved.scheduled ? "1" : null })
            }
          />
        ) : type ? (
          <p className="muted">…</p>
        ) : (
          <p>{t("errors.notFound")}</p>
        )}
      </div>
    </dialog>
  );
}
