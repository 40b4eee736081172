import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import type { BlogEditorProps } from "./blog-editor";

export type { BlogEditorProps } from "./blog-editor";

// Lexical (about 92 KB gzip with our editor code) loads only on the blog editor page, in its own chunk.
const BlogEditor = lazy(() => import("./blog-editor"));

/**
 * The blog editor for a page to render: the server and the first client render show a
 * placeholder of the same size, and the editor mounts after hydration (an editable area has no
 * server rendering worth sending: selection and input live in the browser).
 */
export function LazyBlogEditor(props: BlogEditorProps) {
  const { t } = useTranslation("blog");
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = (
    <div className="blog-editor blog-editor-loading" aria-busy="true">
      <p className="muted">{t("editor.loading")}</p>
    </div>
  );
  return mounted ? <Suspense fallback={placeholder}>{<BlogEditor {...props} />}</Suspense> : placeholder;
}
