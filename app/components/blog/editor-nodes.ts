import { AutoLinkNode, LinkNode } from "@lexical/link";
import { ListItemNode, ListNode } from "@lexical/list";
import { HeadingNode, QuoteNode } from "@lexical/rich-text";
import type { Klass, LexicalNode } from "lexical";
import { ImageNode } from "./image-node";

/**
 * The node classes the blog editor registers, besides Lexical's core (root, paragraph, text,
 * line break, tab): exactly the node types `parseBlogDocument` accepts. A paste of anything else
 * (tables, code blocks, pasted <img>) falls back to paragraphs and text.
 */
export const BLOG_EDITOR_NODES: ReadonlyArray<Klass<LexicalNode>> = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  LinkNode,
  AutoLinkNode,
  ImageNode,
];
