import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { useLexicalNodeSelection } from "@lexical/react/useLexicalNodeSelection";
import {
  $applyNodeReplacement,
  CLICK_COMMAND,
  COMMAND_PRIORITY_LOW,
  DecoratorNode,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import { createContext, useContext, useEffect, type JSX } from "react";

/**
 * The blog's inline image. Its JSON is the `image` node `parseBlogDocument` accepts: `src` is the
 * R2 key the upload returned, never a URL, so what is stored cannot point anywhere the server did
 * not put it; the editor and the reader each turn the key into a URL of their own.
 */
export type SerializedImageNode = Spread<
  {
    type: "image";
    src: string;
    altText: string;
    width?: number;
    height?: number;
  },
  SerializedLexicalNode
>;

export interface ImagePayload {
  src: string;
  altText?: string;
  width?: number | null;
  height?: number | null;
}

/** How the editor shows a key: the page's resolver, or the URL the upload just returned. */
export const ImageUrlContext = createContext<(key: string) => string | null>(() => null);
/** Text shown in place of an image the resolver cannot show. */
export const ImageUnavailableContext = createContext<string>("");

export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __width: number | null;
  __height: number | null;

  static override getType(): string {
    return "image";
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__altText, node.__width, node.__height, node.__key);
  }

  static override importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode({ src: json.src, altText: json.altText, width: json.width, height: json.height });
  }

  // Images come in only through our upload: a pasted <img> would carry a foreign URL.
  static override importDOM = () => null;

  constructor(src: string, altText: string, width: number | null, height: number | null, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__altText = altText;
    this.__width = width;
    this.__height = height;
  }

  override exportJSON(): SerializedImageNode {
    const json: SerializedImageNode = { type: "image", version: 1, src: this.__src, altText: this.__altText };
    if (this.__width !== null) json.width = this.__width;
    if (this.__height !== null) json.height = this.__height;
    return json;
  }

  getSrc(): string {
    return this.getLatest().__src;
  }

  getAltText(): string {
    return this.getLatest().__altText;
  }

  setAltText(altText: string): this {
    const writable = this.getWritable();
    writable.__altText = altText;
    return writable;
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const span = document.createElement("span");
    const className = config.theme.image;
    if (typeof className === "string") span.className = className;
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): true {
    return true;
  }

  override getTextContent(): string {
    return "";
  }

  override decorate(): JSX.Element {
    return <ImageView nodeKey={this.getKey()} src={this.__src} altText={this.__altText} width={this.__width} height={this.__height} />;
  }
}

export function $createImageNode(payload: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(payload.src, payload.altText ?? "", payload.width ?? null, payload.height ?? null));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}

/** The image in the editor: click selects it (then Delete removes it and the panel edits its alt text). */
function ImageView(props: { nodeKey: NodeKey; src: string; altText: string; width: number | null; height: number | null }) {
  const [editor] = useLexicalComposerContext();
  const urlOf = useContext(ImageUrlContext);
  const unavailable = useContext(ImageUnavailableContext);
  const [selected, setSelected, clearSelection] = useLexicalNodeSelection(props.nodeKey);
  const url = urlOf(props.src);

  useEffect(
    () =>
      editor.registerCommand(
        CLICK_COMMAND,
        (event) => {
          const host = editor.getElementByKey(props.nodeKey);
          if (!host || !(event.target instanceof Node) || !host.contains(event.target)) return false;
          if (!event.shiftKey) clearSelection();
          setSelected(true);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor, props.nodeKey, clearSelection, setSelected],
  );

  // Delete and Backspace on a selected image are Lexical's own (node selection).
  return url ? (
    <img
      src={url}
      alt={props.altText}
      width={props.width ?? undefined}
      height={props.height ?? undefined}
      className={`blog-editor-image${selected ? " is-selected" : ""}`}
      draggable={false}
    />
  ) : (
    <span className={`blog-editor-image-missing${selected ? " is-selected" : ""}`} role="img" aria-label={props.altText || unavailable}>
      {unavailable}
    </span>
  );
}
