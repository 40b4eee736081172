import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { productChoiceOf } from "./post-product";
import { COMMENT_SCOPES, EDIT_SCOPES, LESSON_DURATIONS, LESSON_PLATFORMS, POST_LIMITS } from "./posts";

/**
 * The post form of spec §7 (`post[...]` fields, `plan_id`, `contest_id`, `isGroupPost`,
 * `album_ids[]` / `streaming_ids[]` / `attachment_ids[]`), one schema for the API and the form.
 * Times arrive as ISO strings with an offset (the browser converts its pickers), stored as ms.
 */

const chars = (v: string) => [...v].length;
const FILE_ID_FIELDS = ["album_ids[]", "streaming_ids[]", "attachment_ids[]"] as const;

/** FormData (or URLSearchParams) of the post form → the plain values the schema reads. */
export function postFormValues(form: { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] }) {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const fileIds = FILE_ID_FIELDS.flatMap((name) => form.getAll(name)).filter((v): v is string => typeof v === "string");
  return {
    title: text("post[title]") ?? "",
    comment: text("post[comment]") ?? "",
    blogContent: text("post[blog_content]"),
    coverImage: text("post[cover_image]"),
    coverName: text("post[cover_image_name]"),
    removeCoverImage: text("post[remove_cover_image]"),
    isPublish: text("post[is_publish]"),
    publicLevel: text("post[public_level]") ?? "anyone",
    planId: text("plan_id"),
    publishedAt: text("post[published_at]"),
    unpublishedAt: text("post[unpublished_at]"),
    allowComment: text("post[allow_comment]"),
    commentScope: text("post[comment_scope]") ?? COMMENT_SCOPES[0],
    showFilename: text("post[show_filename]"),
    allowTipping: text("post[allow_tipping]"),
    editScope: text("post[edit_scope]"),
    editorUserIdentifyToken: text("post[editor_user_identify_token]"),
    contestId: text("contest_id") ?? "-1",
    productId: text("product_id"),
    isGroupPost: text("isGroupPost"),
    fileIds,
    limitLesson: text("post[limit_lesson]"),
    lessonPlatformType: text("post[lesson_platform_type]"),
    reservationStartAt: text("post[reservation_start_at]"),
    lessonDuration: text("post[lesson_duration]"),
  };
}

const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");

const time = (t: TFunction) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v || !v.trim()) return null;
      const ms = Date.parse(v);
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: t("posts:errors.badTime") });
        return z.NEVER;
      }
      return ms;
    });

const positiveId = z.coerce.number().int().positive();

export const postFormSchema = (t: TFunction) =>
  z
    .object({
      title: z
        .string()
        .trim()
        .refine((v) => chars(v) <= POST_LIMITS.title, t("validation.maxLength", { max: POST_LIMITS.title })),
      comment: z
        .string()
        .trim()
        .refine((v) => chars(v) <= POST_LIMITS.comment, t("validation.maxLength", { max: POST_LIMITS.comment })),
      blogContent: z.string().optional(),
      coverImage: z.string().optional(),
      coverName: z.string().max(255).optional(),
      removeCoverImage: flag,
      isPublish: flag,
      publicLevel: z.enum(["anyone", "over_paid_member"], { errorMap: () => ({ message: t("validation.choice") }) }),
      planId: z.string().optional(),
      publishedAt: time(t),
      unpublishedAt: time(t),
      allowComment: flag,
      commentScope: z.enum(COMMENT_SCOPES, { errorMap: () => ({ message: t("validation.choice") }) }),
      showFilename: flag,
      allowTipping: flag,
      editScope: z.enum(EDIT_SCOPES, { errorMap: () => ({ message: t("validation.choice") }) }).optional(),
      editorUserIdentifyToken: z.string().max(100).optional(),
      contestId: z.coerce.number().int(),
      productId: z.string().optional(),
      isGroupPost: flag,
      fileIds: z.array(positiveId).max(20),
      limitLesson: z.string().optional(),
      lessonPlatformType: z.string().optional(),
      reservationStartAt: time(t),
      lessonDuration: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.isPublish && !v.title)
        ctx.addIssue({ code: "custom", path: ["title"], message: t("validation.required", { field: t("posts:fields.title") }) });
      if (productChoiceOf(v.productId) === null) {
        ctx.addIssue({ code: "custom", path: ["productId"], message: t("posts:errors.badProduct") });
      }
      if (v.publicLevel === "over_paid_member" && !(Number(v.planId) > 0)) {
        ctx.addIssue({ code: "custom", path: ["planId"], message: t("posts:errors.planRequired") });
      }
    });

export type PostFormInput = z.infer<ReturnType<typeof postFormSchema>>;

/** Lesson fields of spec §3, checked only for lesson posts. */
export const lessonSchema = (t: TFunction) =>
  z.object({
    limitLesson: z.coerce
      .number({ invalid_type_error: t("posts:errors.lessonLimit") })
      .int(t("posts:errors.lessonLimit"))
      .min(1, t("posts:errors.lessonLimit"))
      .max(1000, t("posts:errors.lessonLimit")),
    lessonPlatformType: z.enum(LESSON_PLATFORMS, { errorMap: () => ({ message: t("validation.choice") }) }),
    reservationStartAt: z.number({ invalid_type_error: t("validation.required", { field: t("posts:fields.reservationStartAt") }) }),
    lessonDuration: z.coerce.number().refine((v) => LESSON_DURATIONS.includes(v), t("validation.choice")),
  });
