import { useTranslation } from "~/lib/i18n";
import { LESSON_PLATFORMS } from "../../../../server/domain/posts";
import type { PostBody, PostFileView } from "../../../../server/services/post-view";
import { formatLocalDate } from "../../../../server/domain/jst-time";
import { PostGallery } from "~/components/posts/post-gallery";
import { PostLessonSlots } from "~/components/lessons/post-lesson-slots";

/** What the page sends of an open post: the blog already rendered to safe HTML on the server. */
export interface PostBodyView {
  comment: string;
  blogHtml: string | null;
  files: PostFileView[];
  lesson: PostBody["lesson"];
}

const UNITS = ["B", "KB", "MB", "GB"] as const;

/** 1536 → "1.5 KB": sizes beside download links. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** The body of a post the viewer may see, by type (spec §2 post detail). */
export function PostBodyContent({ type, title, body }: { type: string; title: string; body: PostBodyView }) {
  const pictures = body.files.filter((f) => f.kind === "picture");
  const streams = body.files.filter((f) => f.kind === "streaming");
  const attachments = body.files.filter((f) => f.kind === "attachment");
  return (
    <>
      {pictures.length ? <PostGallery images={pictures} title={title} /> : null}
      {streams.length ? <Players files={streams} /> : null}
      {/* the blog's HTML comes from renderBlogHtml: an allow-list of tags, every value escaped */}
      {body.blogHtml ? <div className="blog-article" dangerouslySetInnerHTML={{ __html: body.blogHtml }} /> : null}
      {body.comment ? <p className="post-comment-text pre-wrap">{body.comment}</p> : null}
      {type === "lesson" && body.lesson ? <LessonInfo lesson={body.lesson} /> : null}
      {attachments.length ? <Attachments files={attachments} /> : null}
    </>
  );
}

/**
 * Native players: `preload="metadata"` fetches only the header, and `/media` answers Range
 * requests, so seeking jumps without downloading what lies before.
 */
function Players({ files }: { files: readonly PostFileView[] }) {
  const { t } = useTranslation("posts");
  return (
    <ul className="post-players">
      {files.map((f) => {
        const fallback = (
          <a href={f.downloadUrl} download>
            {t("view.playerUnsupported")}
          </a>
        );
        return (
          <li key={f.id}>
            {f.contentType.startsWith("audio/") ? (
              <audio controls preload="metadata" src={f.url}>
                {fallback}
              </audio>
            ) : (
              <video controls preload="metadata" playsInline src={f.url}>
                {fallback}
              </video>
            )}
            {f.filename ? <span className="post-file-name small muted">{f.filename}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

function Attachments({ files }: { files: readonly PostFileView[] }) {
  const { t } = useTranslation("posts");
  return (
    <section className="post-attachments" aria-labelledby="post-attachments-heading">
      <h2 id="post-attachments-heading">
        {t("types.attachment")} <span className="muted small">{t("view.files", { count: files.length })}</span>
      </h2>
      <ul>
        {files.map((f, i) => {
          const name = f.filename ?? t("view.fileN", { n: i + 1 });
          return (
            <li key={f.id} className="card">
              <span className="post-attachment-name">{name}</span>
              <span className="muted small">{formatFileSize(f.size)}</span>
              <a className="button button-outline button-small" href={f.downloadUrl} download={f.filename ?? true}>
                {t("actions.download")}
                <span className="visually-hidden">{`: ${name}`}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function LessonInfo({ lesson }: { lesson: NonNullable<PostBody["lesson"]> }) {
  const { t, locale } = useTranslation("posts");
  const platform = (LESSON_PLATFORMS as readonly string[]).includes(lesson.lessonPlatformType ?? "")
    ? t(`lessonPlatforms.${lesson.lessonPlatformType}`)
    : lesson.lessonPlatformType;
  return (
    <section className="card post-lesson" aria-labelledby="post-lesson-heading">
      <h2 id="post-lesson-heading">{t("view.lesson.title")}</h2>
      <dl>
        {lesson.limitLesson !== null ? (
          <div>
            <dt>{t("fields.limitLesson")}</dt>
            <dd>{t("view.lesson.people", { count: lesson.limitLesson })}</dd>
          </div>
        ) : null}
        {platform ? (
          <div>
            <dt>{t("fields.lessonPlatformType")}</dt>
            <dd>{platform}</dd>
          </div>
        ) : null}
        {lesson.reservationStartAt !== null ? (
          <div>
            <dt>{t("fields.reservationStartAt")}</dt>
            <dd>
              <time dateTime={new Date(lesson.reservationStartAt).toISOString()}>
                {formatLocalDate(locale, lesson.reservationStartAt, true)}
              </time>
            </dd>
          </div>
        ) : null}
        {lesson.lessonDuration !== null ? (
          <div>
            <dt>{t("fields.lessonDuration")}</dt>
            <dd>{t("view.lesson.duration", { count: lesson.lessonDuration })}</dd>
          </div>
        ) : null}
      </dl>
      <PostLessonSlots />
    </section>
  );
}
