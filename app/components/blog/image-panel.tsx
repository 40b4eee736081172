import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $getNodeByKey, $getSelection, $isNodeSelection, type NodeKey } from "lexical";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n";
import { $isImageNode } from "./image-node";

/**
 * Alternative text and removal for the image selected in the editor. It sits outside the
 * editable area: an input inside it would have its keys taken by the editor.
 */
export function ImagePanel(props: { disabled: boolean }) {
  const { t } = useTranslation("blog");
  const [editor] = useLexicalComposerContext();
  const [image, setImage] = useState<{ key: NodeKey; alt: string } | null>(null);
  const shown = useRef(image);
  shown.current = image;
  const id = useId();

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        const current = shown.current;
        const next = editorState.read(() => {
          const selection = $getSelection();
          // Focus in this panel leaves the editor without a selection: keep the panel then.
          if (selection === null) return current && $isImageNode($getNodeByKey(current.key)) ? current : null;
          const nodes = $isNodeSelection(selection) ? selection.getNodes() : [];
          const node = nodes.length === 1 ? nodes[0] : null;
          if (!$isImageNode(node)) return null;
          return current?.key === node.getKey() ? current : { key: node.getKey(), alt: node.getAltText() };
        });
        if (next !== current) setImage(next);
      }),
    [editor],
  );

  if (!image) return null;

  const setAlt = (alt: string) => {
    setImage({ key: image.key, alt });
    editor.update(() => {
      const node = $getNodeByKey(image.key);
      if ($isImageNode(node)) node.setAltText(alt);
    });
  };

  const remove = () => {
    editor.update(() => $getNodeByKey(image.key)?.remove());
    setImage(null);
    editor.focus();
  };

  return (
    <div className="blog-image-panel">
      <label htmlFor={id}>{t("image.alt")}</label>
      <input
        id={id}
        type="text"
        value={image.alt}
        maxLength={500}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setAlt(e.target.value)}
      />
      <button type="button" className="button button-small button-secondary" disabled={props.disabled} onClick={remove}>
        {t("image.remove")}
      </button>
      <p id={`${id}-hint`} className="muted small">
        {t("image.altHint")}
      </p>
    </div>
  );
}
