import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListNode } from "@lexical/list";
import { HeadingNode } from "@lexical/rich-text";
import { mergeRegister } from "@lexical/utils";
import { TextNode, type ElementNode, type LexicalEditor } from "lexical";
import { BLOG_TEXT_FORMATS, isAllowedBlogUrl, isBlogImageKey } from "../../../server/domain/blog";
import { ImageNode } from "./image-node";

/** Lift a link's children into its place: the text stays, the link goes. */
function unwrap(node: ElementNode) {
  // one node may reach two transforms (an autolink is also a link)
  if (!node.isAttached()) return;
  for (const child of node.getChildren()) node.insertBefore(child);
  node.remove();
}

/**
 * Keeps the editor's tree inside what the server accepts (`parseBlogDocument`), whatever a paste
 * or a keyboard shortcut brings in: headings become h2/h3, check lists bullets, links with another
 * scheme plain text, formats we do not show are dropped, and an image whose `src` is not one of
 * our keys (pasted from another editor) disappears. Without this, a paste from a web page would
 * leave a document the save then refuses as '不正な形式です。'.
 */
export function registerBlogNormalization(editor: LexicalEditor): () => void {
  return mergeRegister(
    editor.registerNodeTransform(TextNode, (node) => {
      const format = node.getFormat();
      if ((format & ~BLOG_TEXT_FORMATS) !== 0) node.setFormat(format & BLOG_TEXT_FORMATS);
      if (node.getStyle() !== "") node.setStyle("");
    }),
    editor.registerNodeTransform(HeadingNode, (node) => {
      const tag = node.getTag();
      if (tag === "h1") node.setTag("h2");
      else if (tag !== "h2" && tag !== "h3") node.setTag("h3");
    }),
    editor.registerNodeTransform(ListNode, (node) => {
      if (node.getListType() === "check") node.setListType("bullet");
    }),
    editor.registerNodeTransform(LinkNode, (node) => {
      if (!isAllowedBlogUrl(node.getURL())) unwrap(node);
    }),
    editor.registerNodeTransform(AutoLinkNode, (node) => {
      if (!isAllowedBlogUrl(node.getURL())) unwrap(node);
    }),
    editor.registerNodeTransform(ImageNode, (node) => {
      if (!isBlogImageKey(node.getSrc())) node.remove();
    }),
  );
}
