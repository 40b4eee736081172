import { autoLinkEmailMatcher, autoLinkUrlMatcher, type LinkMatcher } from "@lexical/link";
import { AutoLinkPlugin } from "@lexical/react/LexicalAutoLinkPlugin";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { DRAG_DROP_PASTE } from "@lexical/rich-text";
import {
  $createParagraphNode,
  $getNodeByKey,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  COMMAND_PRIORITY_LOW,
  type BaseSelection,
  type EditorState,
  type EditorThemeClasses,
  type LexicalEditor,
} from "lexical";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation } from "~/lib/i18n";
import {
  BLOG_IMAGE_RULE,
  BLOG_MAX_CHARS,
  blogCharCount,
  countVisibleChars,
  isAllowedBlogUrl,
  isBlogImageKey,
  parseBlogDocument,
} from "../../../server/domain/blog";
import { extensionOf } from "../../../server/domain/posts";
import { BLOG_EDITOR_NODES } from "./editor-nodes";
import { ImagePanel } from "./image-panel";
import { $createImageNode, ImageUnavailableContext, ImageUrlContext } from "./image-node";
import { registerBlogNormalization } from "./normalize";
import { Toolbar } from "./toolbar";
import { BlogUploadError } from "./upload-error";

export interface BlogEditorProps {
  /** the stored Lexical JSON of the post being edited */
  initialJson?: string;
  /** after every change of content (not of selection): the JSON to save and its character count */
  onChange: (json: string, charCount: number) => void;
  /**
   * Uploads one image and answers with its R2 key (what the document stores) and a URL this
   * browser may show it from now. Reject with `BlogUploadError` to show your own message.
   */
  uploadImage: (file: File) => Promise<{ key: string; url: string }>;
  /** A URL for an image key already in the document (signed for this viewer), or null. */
  resolveImageUrl: (key: string) => string | null;
  disabled?: boolean;
  /** true while any image is uploading: the page holds auto-save and asks before leaving */
  onUploadingChange?: (uploading: boolean) => void;
  /** defaults to BLOG_MAX_CHARS */
  maxChars?: number;
}

/** Classes on Lexical's DOM; the editable area also carries `.blog-article`, so it looks like the post. */
const THEME: EditorThemeClasses = {
  list: { nested: { listitem: "blog-nested" } },
  text: { underline: "blog-underline", strikethrough: "blog-strike", underlineStrikethrough: "blog-underline blog-strike" },
  image: "blog-editor-image-host",
};

/** Autolinks only for addresses the server accepts: a refused one would be unlinked, then relinked, forever. */
const MATCHERS: LinkMatcher[] = [autoLinkUrlMatcher, autoLinkEmailMatcher].map((matcher) => (text: string) => {
  const match = matcher(text);
  return match && isAllowedBlogUrl(match.url) ? match : null;
});

const ACCEPT = [...BLOG_IMAGE_RULE.extensions.map((e) => `.${e}`), "image/jpeg", "image/png", "image/gif"].join(",");
const MB = 1024 * 1024;

function statusOf(editorState: EditorState): { count: number; invalid: boolean } {
  const parsed = parseBlogDocument(JSON.stringify(editorState.toJSON()));
  if (parsed.ok) return { count: blogCharCount(parsed.doc), invalid: false };
  return { count: editorState.read(() => countVisibleChars($getRoot().getTextContent())), invalid: true };
}

/** Pixel size read from the file, so readers' pages reserve the space before the image loads. */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== "function") return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size.width > 0 && size.height > 0 && size.width <= 10_000 && size.height <= 10_000 ? size : null;
  } catch {
    return null;
  }
}

function insertImage(editor: LexicalEditor, restore: BaseSelection | null, image: { key: string; width?: number; height?: number }) {
  editor.update(() => {
    // the selection from before the upload, if its nodes are still there
    if (restore && (!$isRangeSelection(restore) || ($getNodeByKey(restore.anchor.key) && $getNodeByKey(restore.focus.key)))) {
      $setSelection(restore.clone());
    }
    const node = $createImageNode({ src: image.key, altText: "", width: image.width, height: image.height });
    if ($getSelection() === null) {
      const paragraph = $createParagraphNode();
      paragraph.append(node);
      $getRoot().append(paragraph);
    } else {
      $insertNodes([node]);
    }
  });
}

/**
 * The blog editor (Lexical). Load it with React.lazy (see lazy-blog-editor.tsx) so Lexical is
 * only in the blog page's chunk.
 */
export default function BlogEditor(props: BlogEditorProps) {
  const { t } = useTranslation("blog");
  // Read once, on mount: later values of initialJson are the editor's own output coming back.
  const [initial] = useState(() => {
    if (!props.initialJson) return { state: undefined, rejected: false };
    return parseBlogDocument(props.initialJson).ok ? { state: props.initialJson, rejected: false } : { state: undefined, rejected: true };
  });
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: "blog",
    nodes: BLOG_EDITOR_NODES,
    theme: THEME,
    editable: !props.disabled,
    editorState: initial.state,
    onError: (error) => console.error("[blog editor]", error),
  }));
  const [uploaded, setUploaded] = useState<ReadonlyMap<string, string>>(new Map());
  const { resolveImageUrl } = props;
  const urlOf = useCallback((key: string) => uploaded.get(key) ?? resolveImageUrl(key), [uploaded, resolveImageUrl]);

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <ImageUrlContext.Provider value={urlOf}>
        <ImageUnavailableContext.Provider value={t("image.unavailable")}>
          <EditorFrame
            {...props}
            initialRejected={initial.rejected}
            onUploaded={(key, url) => setUploaded((map) => new Map(map).set(key, url))}
          />
        </ImageUnavailableContext.Provider>
      </ImageUrlContext.Provider>
    </LexicalComposer>
  );
}

function EditorFrame(props: BlogEditorProps & { initialRejected: boolean; onUploaded: (key: string, url: string) => void }) {
  const { t, locale } = useTranslation("blog");
  const toast = useToast();
  const [editor] = useLexicalComposerContext();
  const max = props.maxChars ?? BLOG_MAX_CHARS;
  const disabled = props.disabled ?? false;
  const [status, setStatus] = useState(() => statusOf(editor.getEditorState()));
  const [uploading, setUploading] = useState(0);
  const counterId = useId();
  const contentId = useId();
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const onUploadingChange = useRef(props.onUploadingChange);
  onUploadingChange.current = props.onUploadingChange;

  useEffect(() => registerBlogNormalization(editor), [editor]);
  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);
  useEffect(() => onUploadingChange.current?.(uploading > 0), [uploading]);

  useEffect(() => {
    // Registering transforms re-runs them over the loaded document, which is an update but not
    // a change: only JSON that differs from the last one counts.
    let last = JSON.stringify(editor.getEditorState().toJSON());
    return editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      // selection moves are not changes
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      const json = JSON.stringify(editorState.toJSON());
      if (json === last) return;
      last = json;
      const parsed = parseBlogDocument(json);
      const count = parsed.ok ? blogCharCount(parsed.doc) : editorState.read(() => countVisibleChars($getRoot().getTextContent()));
      setStatus({ count, invalid: !parsed.ok });
      onChange.current(json, count);
    });
  }, [editor]);

  // Image files dropped or pasted into the text go up like picked ones (the latest handler, via a ref).
  const pickRef = useRef<(files: File[]) => Promise<void>>(async () => {});
  useEffect(
    () =>
      editor.registerCommand(
        DRAG_DROP_PASTE,
        (files) => {
          if (!editor.isEditable()) return true;
          void pickRef.current(files);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );

  const pickImages = async (files: File[]) => {
    let restore = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
    for (const file of files) {
      if (!(BLOG_IMAGE_RULE.extensions as readonly string[]).includes(extensionOf(file.name))) {
        toast.show(t("image.badType"), "error");
        continue;
      }
      if (file.size > BLOG_IMAGE_RULE.maxBytes) {
        toast.show(t("image.tooLarge", { size: `${BLOG_IMAGE_RULE.maxBytes / MB}MB` }), "error");
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const [result, size] = await Promise.all([props.uploadImage(file), imageSize(file)]);
        if (!isBlogImageKey(result.key)) throw new Error(`the upload answered a key that is not a blog image key: ${result.key}`);
        props.onUploaded(result.key, result.url);
        insertImage(editor, restore, { key: result.key, width: size?.width, height: size?.height });
        // later images follow the one just inserted
        restore = null;
        toast.show(t("image.uploaded"), "success");
      } catch (error) {
        if (!(error instanceof BlogUploadError)) console.warn("[blog editor] image upload failed", error);
        toast.show(error instanceof BlogUploadError && error.message ? error.message : t("image.uploadFailed"), "error");
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  pickRef.current = pickImages;

  const number = new Intl.NumberFormat(locale);
  const over = status.count > max;

  return (
    <div className={`blog-editor${disabled ? " is-disabled" : ""}`}>
      <Toolbar
        contentId={contentId}
        disabled={disabled}
        uploading={uploading > 0}
        onPickImages={(files) => void pickImages(files)}
        acceptImages={ACCEPT}
      />
      <ImagePanel disabled={disabled} />
      {props.initialRejected ? (
        <p className="blog-editor-error" role="alert">
          {t("validation.invalid")}
        </p>
      ) : null}
      <div className="blog-editor-body">
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={contentId}
              className="blog-article blog-editor-content"
              aria-label={t("editor.label")}
              aria-describedby={counterId}
              aria-placeholder={t("editor.placeholder")}
              placeholder={<div className="blog-editor-placeholder">{t("editor.placeholder")}</div>}
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isAllowedBlogUrl} />
      <AutoLinkPlugin matchers={MATCHERS} />
      <div className="blog-editor-footer">
        <p className="blog-upload-status" role="status">
          {uploading > 0 ? t("image.uploading") : ""}
        </p>
        <p id={counterId} className={`blog-counter${over ? " is-over" : ""}`}>
          <span className="visually-hidden">{t("editor.counter")} </span>
          {t("editor.counterValue", { count: status.count, max: number.format(max) })}
        </p>
      </div>
      {over ? (
        <p className="blog-editor-error" role="alert">
          {t("validation.tooLong", { max })}
        </p>
      ) : null}
      {status.invalid ? (
        <p className="blog-editor-error" role="alert">
          {t("validation.invalid")}
        </p>
      ) : null}
    </div>
  );
}
