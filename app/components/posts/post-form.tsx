import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ImageUpload } from "~/components/creator/image-upload";
import { useToast } from "~/components/feedback/toast";
import { useDialog } from "~/components/feedback/dialog";
import { useTranslation } from "~/lib/i18n";
import type { postFormData } from "../../../server/services/posts";
import type { editData } from "../../../server/services/post-edit-data";
import type { UploadItem } from "~/components/uploads/use-uploads";
import { COMMENT_SCOPES, EDIT_SCOPES, LESSON_DURATIONS, LESSON_PLATFORMS, POST_LIMITS, type PostType } from "../../../server/domain/posts";
import { formatYen } from "../../../server/domain/number-display";

export type PostFormData = Awaited<ReturnType<typeof postFormData>> & { commentScopes: string[] };
export type PostEditData = Awaited<ReturnType<typeof editData>>;
export type SavedPost = { postId: number; published: boolean; scheduled: boolean; title: string };

// The uploader (Uppy) arrives only with a form that takes files.
const UploadField = lazy(() => import("~/components/uploads/upload-field"));

/** `YYYY-MM-DDTHH:mm` in the browser's time, what datetime-local inputs show. */
function localInput(ms: number | null | undefined): string {
  if (!ms) return "";
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const AUTO_DRAFT_MS = 10_000;
const chars = (v: string) => [...v].length;

/**
 * The post form of spec §2/§3/§7, shared by the modal (album, streaming, attachment) and the
 * pages (lesson, blog, editing). It talks to the posts API with the `post[...]` fields; the
 * first save creates the post, later saves update it (spec §4).
 */
export function PostForm(props: {
  type: PostType;
  formData: PostFormData;
  initial: PostEditData | null;
  isGroupPost: boolean;
  initialTitle?: string;
  /** spec §2 visibleShow: a new post opens with this plan (-1 anyone) chosen and its selector in view */
  initialPlanId?: number;
  /** the blog editor, given by the blog page: it reports its JSON and character count */
  blogSlot?: (api: {
    onChange: (json: string, count: number) => void;
    initialJson: string | null;
    imageUrls: Record<string, string>;
    disabled: boolean;
    onUploadingChange: (uploading: boolean) => void;
  }) => ReactNode;
  onSaved: (saved: SavedPost) => void;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation("posts");
  const toast = useToast();
  const dialog = useDialog();
  const init = props.initial?.post ?? null;
  const setting = init?.setting;
  const owner = props.formData.isFanclubOwner;
  const group = props.isGroupPost && props.formData.groupOwner !== null;

  const [postId, setPostId] = useState<number | null>(init?.id ?? null);
  const [title, setTitle] = useState(init?.title ?? props.initialTitle ?? "");
  const [comment, setComment] = useState(init?.comment ?? "");
  const [cover, setCover] = useState<{ key: string | null; url: string | null; name: string | null }>({
    key: init?.coverImageKey ?? null,
    url: init?.coverImageUrl ?? null,
    name: init?.coverImageName ?? null,
  });
  const [removeCover, setRemoveCover] = useState(false);
  // only a plan of this fan club can be preselected; any other id leaves "anyone"
  const presetPlan =
    props.initialPlanId !== undefined && (props.initialPlanId === -1 || props.formData.plans.some((p) => p.id === props.initialPlanId))
      ? props.initialPlanId
      : undefined;
  const [planId, setPlanId] = useState<number>(setting?.selectedPlanId ?? presetPlan ?? -1);
  const visibilityRef = useRef<HTMLSelectElement>(null);
  const [schedule, setSchedule] = useState(Boolean(setting && setting.publishedAt > Date.now()));
  const [publishedAt, setPublishedAt] = useState(localInput(setting?.publishedAt ?? Date.now()));
  const [unpublishedAt, setUnpublishedAt] = useState(localInput(setting?.unpublishedAt));
  const [allowComment, setAllowComment] = useState(setting?.allowComment ?? true);
  const [commentScope, setCommentScope] = useState(setting?.commentScope ?? COMMENT_SCOPES[0]);
  const [showFilename, setShowFilename] = useState(setting?.showFilename ?? false);
  const [allowTipping, setAllowTipping] = useState(setting?.allowTipping ?? false);
  const [editScope, setEditScope] = useState<string>(
    setting?.editScope ?? (owner ? "editable_owner_or_edit_user" : "editable_all_editors"),
  );
  const [editorToken, setEditorToken] = useState(setting?.editorUserIdentifyToken ?? props.formData.editorUsers[0]?.identifyToken ?? "");
  const [files, setFiles] = useState<UploadItem[]>((props.initial?.files ?? []) as UploadItem[]);
  const [uploading, setUploading] = useState(false);
  const [blog, setBlog] = useState<{ json: string; count: number }>({ json: init?.blogContent ?? "", count: 0 });
  const [limitLesson, setLimitLesson] = useState(String(init?.limitLesson ?? ""));
  const [platform, setPlatform] = useState(init?.lessonPlatformType ?? LESSON_PLATFORMS[0]);
  const [reservationStartAt, setReservationStartAt] = useState(localInput(init?.reservationStartAt));
  const [duration, setDuration] = useState(String(init?.lessonDuration ?? 60));
  const [contestId, setContestId] = useState<number>(setting?.selectedContestId ?? -1);
  const [productId, setProductId] = useState<number>(setting?.selectedProductId ?? -1);
  const [busy, setBusy] = useState<null | "draft" | "publish">(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(0);
  const isPublished = init?.isPublish ?? false;

  const touch = useCallback(() => setDirty((n) => n + 1), []);
  const kind = props.type === "picture" || props.type === "streaming" || props.type === "attachment" ? props.type : null;

  useEffect(() => props.onUploadingChange?.(uploading), [uploading, props]);
  // the visibility the modal was opened for is shown first: scrolled into view and focused
  const showVisibility = presetPlan !== undefined && !init;
  useEffect(() => {
    if (!showVisibility) return;
    visibilityRef.current?.scrollIntoView({ block: "center" });
    visibilityRef.current?.focus();
  }, [showVisibility]);
  // leaving the page while a file uploads asks first (spec §4)
  useEffect(() => {
    if (!uploading) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  const buildForm = (publish: boolean) => {
    const f = new FormData();
    f.set("post[title]", title);
    f.set("post[comment]", comment);
    if (props.type === "blog") f.set("post[blog_content]", blog.json);
    if (cover.key && !removeCover) {
      f.set("post[cover_image]", cover.key);
      if (cover.name) f.set("post[cover_image_name]", cover.name);
    }
    if (removeCover) f.set("post[remove_cover_image]", "1");
    f.set("post[is_publish]", publish ? "1" : "0");
    f.set("post[public_level]", !group && planId > 0 ? "over_paid_member" : "anyone");
    if (!group && planId > 0) f.set("plan_id", String(planId));
    if (publish && schedule && publishedAt) f.set("post[published_at]", new Date(publishedAt).toISOString());
    if (!publish && schedule && publishedAt && new Date(publishedAt).getTime() > Date.now())
      f.set("post[published_at]", new Date(publishedAt).toISOString());
    if (schedule && unpublishedAt) f.set("post[unpublished_at]", new Date(unpublishedAt).toISOString());
    f.set("post[allow_comment]", allowComment ? "1" : "0");
    f.set("post[comment_scope]", commentScope);
    f.set("post[show_filename]", showFilename ? "1" : "0");
    f.set("post[allow_tipping]", !group && allowTipping ? "1" : "0");
    f.set("post[edit_scope]", editScope);
    if (editScope === "editable_owner_or_edit_user" && editorToken) f.set("post[editor_user_identify_token]", editorToken);
    f.set("contest_id", String(group ? -1 : contestId));
    f.set("isGroupPost", group ? "1" : "0");
    f.set("product_id", String(productId));
    if (kind) {
      const field = kind === "picture" ? "album_ids[]" : kind === "streaming" ? "streaming_ids[]" : "attachment_ids[]";
      for (const item of files) if (!item.isLoading) f.append(field, String(item.id));
    }
    if (props.type === "lesson") {
      f.set("post[limit_lesson]", limitLesson);
      f.set("post[lesson_platform_type]", platform);
      if (reservationStartAt) f.set("post[reservation_start_at]", new Date(reservationStartAt).toISOString());
      f.set("post[lesson_duration]", duration);
    }
    return f;
  };

  const save = async (publish: boolean) => {
    if (busy || uploading) return;
    setBusy(publish ? "publish" : "draft");
    setErrors({});
    try {
      const res = await fetch(postId ? `/api/v1/me/fanclub/posts/${props.type}/${postId}` : `/api/v1/me/fanclub/posts/${props.type}`, {
        method: postId ? "PATCH" : "POST",
        credentials: "same-origin",
        headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
        body: buildForm(publish),
      });
      const json = (await res.json()) as {
        success: boolean;
        payload: { postId?: number; message?: string; errors?: { message: string; target?: string }[] };
      };
      if (!json.success || !json.payload.postId) {
        const list = json.payload.errors ?? [];
        setErrors(Object.fromEntries(list.map((e) => [e.target ?? "base", e.message])));
        const messages = list.length
          ? list.map((e) => e.message)
          : [json.payload.message ?? t(publish ? "errors.postFailed" : "errors.draftFailed")];
        for (const m of [...new Set(messages)]) toast.show(m, "error");
        return;
      }
      setPostId(json.payload.postId);
      if (publish) {
        const scheduled = schedule && new Date(publishedAt).getTime() > Date.now();
        props.onSaved({ postId: json.payload.postId, published: true, scheduled, title });
      } else {
        toast.show(t("toast.draftSaved"), "success");
      }
    } catch {
      toast.show(t(publish ? "errors.postFailed" : "errors.draftFailed"), "error");
    } finally {
      setBusy(null);
    }
  };

  // spec §4: auto draft save 10 s after the last change, except while publishing, when
  // scheduled in the future or while a file uploads. Published posts are never turned into drafts.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (dirty === 0 || isPublished) return;
    const future = schedule && new Date(publishedAt).getTime() > Date.now();
    if (future || uploading || busy === "publish") return;
    const timer = setTimeout(() => void saveRef.current(false), AUTO_DRAFT_MS);
    return () => clearTimeout(timer);
  }, [dirty, isPublished, schedule, publishedAt, uploading, busy]);

  const scheduledDraft = schedule && new Date(publishedAt).getTime() > Date.now();
  const titleTooLong = chars(title) > POST_LIMITS.title;
  const commentTooLong = chars(comment) > POST_LIMITS.comment;
  const invalid = titleTooLong || commentTooLong;
  const canPublish = props.formData.publishable && !invalid && title.trim().length > 0;
  const minNow = localInput(Date.now());

  const chooseContest = async (value: string) => {
    const contest = props.formData.contests.find((c) => String(c.id) === value);
    // the choice stands even when the creator keeps their own comment instead of the template
    setContestId(Number(value));
    if (
      contest?.postTemplate &&
      comment &&
      comment !== contest.postTemplate &&
      !(await dialog.confirm({ message: t("modal.contestReplace") }))
    ) {
      touch();
      return;
    }
    if (contest?.postTemplate) setComment(contest.postTemplate);
    touch();
  };

  return (
    <form
      className="post-form"
      data-testid="post-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save(true);
      }}
      onChange={touch}
    >
      {group ? <p className="flash flash-info">{t("modal.groupPostNote")}</p> : null}
      <div className="field">
        <label htmlFor="post-title">
          {t("fields.title")} <span className="required">*</span>
        </label>
        <input
          id="post-title"
          type="text"
          name="post[title]"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={titleTooLong || Boolean(errors.title)}
        />
        <span className={`counter small ${titleTooLong ? "over" : "muted"}`}>
          {chars(title)} / {POST_LIMITS.title}
        </span>
        {errors.title ? <p className="field-error">{errors.title}</p> : null}
      </div>

      {props.type === "blog" && props.blogSlot ? (
        props.blogSlot({
          onChange: (json, count) => {
            setBlog({ json, count });
            touch();
          },
          initialJson: init?.blogContent ?? null,
          imageUrls: init?.blogImageUrls ?? {},
          disabled: busy !== null,
          onUploadingChange: setUploading,
        })
      ) : (
        <div className="field">
          <label htmlFor="post-comment">{t("fields.comment")}</label>
          <textarea id="post-comment" rows={5} value={comment} onChange={(e) => setComment(e.target.value)} aria-invalid={commentTooLong} />
          <span className={`counter small ${commentTooLong ? "over" : "muted"}`}>
            {chars(comment)} / {POST_LIMITS.comment}
          </span>
        </div>
      )}

      {kind ? (
        <div className="field">
          <span className="label">{t("fields.files")}</span>
          <Suspense fallback={<p className="muted">…</p>}>
            <UploadField
              kind={kind}
              initialItems={files}
              onChange={(items: UploadItem[]) => {
                setFiles(items);
                touch();
              }}
              onUploadingChange={setUploading}
            />
          </Suspense>
        </div>
      ) : null}

      {props.type === "lesson" ? (
        <fieldset className="fieldset">
          <div className="field">
            <label htmlFor="post-limit-lesson">{t("fields.limitLesson")}</label>
            <input
              id="post-limit-lesson"
              type="number"
              min={1}
              max={1000}
              inputMode="numeric"
              value={limitLesson}
              onChange={(e) => setLimitLesson(e.target.value)}
            />
            {errors.limitLesson ? <p className="field-error">{errors.limitLesson}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="post-platform">{t("fields.lessonPlatformType")}</label>
            <select id="post-platform" value={platform} onChange={(e) => setPlatform(e.target.value)}>
              {LESSON_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {t(`lessonPlatforms.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="post-reservation-start">{t("fields.reservationStartAt")}</label>
            <input
              id="post-reservation-start"
              type="datetime-local"
              min={minNow}
              value={reservationStartAt}
              onChange={(e) => setReservationStartAt(e.target.value)}
            />
            {errors.reservationStartAt ? <p className="field-error">{errors.reservationStartAt}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="post-duration">{t("fields.lessonDuration")}</label>
            <select id="post-duration" value={duration} onChange={(e) => setDuration(e.target.value)}>
              {LESSON_DURATIONS.map((m) => (
                <option key={m} value={m}>
                  {t("fields.minutes", { count: m })}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
      ) : null}

      <ImageUpload
        kind="cover"
        label={t("fields.cover")}
        currentUrl={removeCover ? null : cover.url}
        width={POST_LIMITS.cover.width}
        height={POST_LIMITS.cover.height}
        endpoint="/me/fanclub/posts/cover"
        onUploaded={(image) => {
          setCover({ key: image.key ?? null, url: image.url, name: image.name });
          setRemoveCover(false);
          touch();
        }}
        onRemove={() => {
          setRemoveCover(true);
          touch();
        }}
        removeLabel={t("actions.removeCover")}
      />

      {!group ? (
        <div className={`field${showVisibility ? " field-highlight" : ""}`} data-testid="post-visibility-field">
          <label htmlFor="post-visibility">{t("fields.visibility")}</label>
          {showVisibility ? <p className="muted small">{t("modalFlags.visibilityPreset")}</p> : null}
          <select id="post-visibility" ref={visibilityRef} value={planId} onChange={(e) => setPlanId(Number(e.target.value))}>
            <option value={-1}>{t("fields.anyone")}</option>
            {props.formData.plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}（{formatYen(p.price)}）
              </option>
            ))}
          </select>
          <span className="muted small">{t("fields.planHint")}</span>
          {errors.planId ? <p className="field-error">{errors.planId}</p> : null}
        </div>
      ) : null}

      {props.formData.products.length ? (
        <div className="field">
          <label htmlFor="post-product">{t("linkedProduct.field")}</label>
          <select id="post-product" value={productId} onChange={(e) => setProductId(Number(e.target.value))}>
            <option value={-1}>{t("linkedProduct.none")}</option>
            {props.formData.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}（{p.price === 0 ? t("linkedProduct.free") : formatYen(p.price)}）
                {p.status === "published" ? "" : t("linkedProduct.draft")}
              </option>
            ))}
          </select>
          <span className="muted small">{t("linkedProduct.hint")}</span>
          {errors.productId || errors.badProduct ? <p className="field-error">{errors.productId ?? errors.badProduct}</p> : null}
        </div>
      ) : null}

      <fieldset className="fieldset">
        <legend>{t("fields.publishedAt")}</legend>
        <label className="radio">
          <input type="radio" name="schedule" checked={!schedule} onChange={() => setSchedule(false)} /> {t("fields.publishNow")}
        </label>
        <label className="radio">
          <input type="radio" name="schedule" checked={schedule} onChange={() => setSchedule(true)} /> {t("fields.schedule")}
        </label>
        {schedule ? (
          <div className="schedule-fields">
            <div className="field">
              <label htmlFor="post-published-at">{t("fields.publishedAt")}</label>
              <input
                id="post-published-at"
                type="datetime-local"
                min={minNow}
                value={publishedAt}
                onChange={(e) => setPublishedAt(e.target.value)}
              />
              <button
                type="button"
                className="button button-outline button-small"
                onClick={() => {
                  setPublishedAt(localInput(Date.now()));
                  touch();
                }}
              >
                {t("fields.resetNow")}
              </button>
            </div>
            <div className="field">
              <label htmlFor="post-unpublished-at">{t("fields.unpublishedAt")}</label>
              <input
                id="post-unpublished-at"
                type="datetime-local"
                min={publishedAt || minNow}
                value={unpublishedAt}
                onChange={(e) => setUnpublishedAt(e.target.value)}
              />
            </div>
            {errors.draftScheduled || errors.endBeforeStart ? (
              <p className="field-error">{errors.draftScheduled ?? errors.endBeforeStart}</p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset className="fieldset">
        <label className="checkbox">
          <input type="checkbox" checked={allowComment} onChange={(e) => setAllowComment(e.target.checked)} /> {t("fields.allowComment")}
        </label>
        {allowComment ? (
          <div className="field">
            <label htmlFor="post-comment-scope">{t("fields.commentScope")}</label>
            <select id="post-comment-scope" value={commentScope} onChange={(e) => setCommentScope(e.target.value)}>
              {COMMENT_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {t(`commentScopes.${s}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind ? (
          <label className="checkbox">
            <input type="checkbox" checked={showFilename} onChange={(e) => setShowFilename(e.target.checked)} /> {t("fields.showFilename")}
          </label>
        ) : null}
        {!group ? (
          <label className="checkbox">
            <input type="checkbox" checked={allowTipping} onChange={(e) => setAllowTipping(e.target.checked)} /> {t("fields.allowTipping")}
          </label>
        ) : null}
      </fieldset>

      <div className="field">
        <label htmlFor="post-edit-scope">{t("fields.editScope")}</label>
        <select id="post-edit-scope" value={editScope} disabled={!owner} onChange={(e) => setEditScope(e.target.value)}>
          {EDIT_SCOPES.map((s) => (
            <option key={s} value={s} disabled={s === "editable_owner_only" && !owner}>
              {t(`editScopes.${s}`)}
            </option>
          ))}
        </select>
        {owner && editScope === "editable_owner_or_edit_user" && props.formData.editorUsers.length ? (
          <select aria-label={t("fields.editor")} value={editorToken} onChange={(e) => setEditorToken(e.target.value)}>
            {props.formData.editorUsers.map((u) => (
              <option key={u.identifyToken} value={u.identifyToken}>
                {u.name}
              </option>
            ))}
          </select>
        ) : null}
      </div>

      {!group && init && !init.contestSelectorShown && init.enteredContestName ? (
        <p className="muted" data-testid="contest-entered">
          {t("fields.contestEntered", { name: init.enteredContestName })}
        </p>
      ) : null}
      {!group && (init?.contestSelectorShown ?? true) && props.formData.contests.length ? (
        <div className="field">
          <label htmlFor="post-contest">{t("fields.contest")}</label>
          <select id="post-contest" value={String(contestId)} onChange={(e) => void chooseContest(e.target.value)}>
            <option value="-1">{t("fields.noContest")}</option>
            {props.formData.contests.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      {errors.base ? <p className="field-error">{errors.base}</p> : null}
      <div className="form-actions">
        {!isPublished ? (
          <button
            type="button"
            className="button button-outline"
            disabled={busy !== null || uploading || invalid}
            onClick={() => {
              if (scheduledDraft) {
                toast.show(t("errors.draftScheduled"), "error");
                return;
              }
              void save(false);
            }}
            data-testid="save-draft"
          >
            {t("actions.saveDraft")}
          </button>
        ) : null}
        <button type="submit" className="button" disabled={busy !== null || uploading || !canPublish} data-testid="publish">
          {isPublished ? t("actions.update") : t("actions.publish")}
        </button>
      </div>
    </form>
  );
}
