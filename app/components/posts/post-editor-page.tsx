import { useState } from "react";
import { LazyBlogEditor } from "~/components/blog/lazy-blog-editor";
import { useTranslation } from "~/lib/i18n";
import type { PostType } from "../../../server/domain/posts";
import { PostForm, type PostEditData, type PostFormData, type SavedPost } from "./post-form";

async function uploadBlogImage(file: File): Promise<{ key: string; url: string }> {
  const { uploadSingleFile } = await import("~/components/uploads/upload-single");
  return uploadSingleFile(file, "blog_image");
}

/**
 * The post editor as a page (spec §2 routes new/blog, edit/{id}/blog, edit/{id}/{postTypeStr};
 * lessons too): the same form as the modal, with the blog editor for blogs. After publishing it
 * shows the complete panel of the modal.
 */
export function PostEditorPage(props: {
  type: PostType;
  formData: PostFormData;
  initial: PostEditData | null;
  isGroupPost: boolean;
  fanclubId: number;
  origin: string;
}) {
  const { t } = useTranslation("posts");
  const [saved, setSaved] = useState<SavedPost | null>(null);
  const editing = props.initial !== null;
  const heading = t(`modal.${props.type === "picture" ? "album" : props.type}${editing ? "Edit" : "New"}`);
  if (saved) {
    const q = new URLSearchParams({
      fanclubPost: "complete",
      postId: String(saved.postId),
      postTitle: saved.title,
      ...(saved.scheduled ? { scheduled: "1" } : {}),
    });
    if (typeof window !== "undefined") window.location.assign(`/me/fanclub/posts?${q.toString()}`);
  }
  return (
    <div className="page post-editor-page">
      <h1>{heading}</h1>
      <PostForm
        type={props.type}
        formData={props.formData}
        initial={props.initial}
        isGroupPost={props.isGroupPost}
        onSaved={setSaved}
        blogSlot={
          props.type === "blog"
            ? (api) => (
                <LazyBlogEditor
                  initialJson={api.initialJson ?? undefined}
                  onChange={api.onChange}
                  uploadImage={uploadBlogImage}
                  resolveImageUrl={(key: string) => api.imageUrls[key] ?? null}
                  disabled={api.disabled}
                  onUploadingChange={api.onUploadingChange}
                />
              )
            : undefined
        }
      />
    </div>
  );
}
