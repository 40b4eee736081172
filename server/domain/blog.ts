import type { TFunction } from "../i18n/setup";
import { blogImageSizes, hasVariants, srcSetOf, variantKey, variantWidthsFor, VARIANT_WIDTHS } from "./image-variants";
import { UPLOAD_RULES } from "./posts";

/**
 * Blog posts (issue 5): the body is the Lexical editor's JSON, stored as the editor wrote it once
 * it passes `parseBlogDocument`, and turned into HTML on the server by `renderBlogHtml`.
 *
 * The parser is an allow-list: only the nodes the editor's toolbar can make (paragraph, h2/h3,
 * bold/italic text, lists, quotes, links, our image node) get through, and the parsed document
 * keeps only the fields the renderer reads, so nothing a browser sent can reach the HTML except
 * escaped text, a checked link URL and an image key the server resolves itself.
 *
 * Rendering happens when a post is read, not when it is saved: image URLs are signed for each
 * viewer (private media), so stored HTML would need a placeholder pass on every read anyway, and
 * rendering a few kilobytes of nodes is cheaper than a second stored copy that can go stale.
 *
 * Pure: no I/O.
 */

/** spec §5 names the max rule but not the number: 20,000 characters is a long article and far inside the JSON limit. */
export const BLOG_MAX_CHARS = 20_000;
/** The stored JSON; a 20,000-character body with formatting is well under 200 KB. */
export const BLOG_MAX_JSON_BYTES = 1024 * 1024;
/** Node depth below the root: each nested list adds two (list, item), so lists nest about eight levels deep. */
const BLOG_MAX_DEPTH = 18;
export const BLOG_MAX_IMAGES = 100;
const MAX_URL_LENGTH = 2048;
const MAX_ALT_LENGTH = 500;
const MAX_IMAGE_SIDE = 10_000;
const MAX_KEY_LENGTH = 512;

/**
 * Inline images follow the album's picture rule (jpg, jpeg, png, gif, ≤ 20 MB): the server's
 * stored-bytes check knows those types.
 */
export const BLOG_IMAGE_RULE = { extensions: UPLOAD_RULES.picture.extensions, maxBytes: UPLOAD_RULES.picture.maxBytes } as const;

/** Lexical's text format bits; the editor makes bold and italic, a paste or a shortcut may add the other two. */
const TEXT_FORMAT = { bold: 1, italic: 2, strikethrough: 4, underline: 8 } as const;
/** Bits the renderer shows; the editor clears the rest (code, sub/superscript, highlight, case). */
export const BLOG_TEXT_FORMATS = TEXT_FORMAT.bold | TEXT_FORMAT.italic | TEXT_FORMAT.strikethrough | TEXT_FORMAT.underline;

type BlogHeadingTag = "h2" | "h3";
type BlogListType = "bullet" | "number";

// ---- the parsed document: only what the renderer reads ----

interface BlogText {
  type: "text";
  text: string;
  format: number;
}
interface BlogLineBreak {
  type: "linebreak";
}
interface BlogTab {
  type: "tab";
}
interface BlogImage {
  type: "image";
  /** an R2 key of an uploaded blog image, never a URL */
  src: string;
  altText: string;
  width: number | null;
  height: number | null;
}
interface BlogLink {
  type: "link" | "autolink";
  url: string;
  /** an autolink the writer undid: shown as plain text */
  unlinked: boolean;
  children: BlogLinkChild[];
}
type BlogLinkChild = BlogText | BlogLineBreak | BlogTab | BlogImage;
type BlogInline = BlogLinkChild | BlogLink;
interface BlogParagraph {
  type: "paragraph";
  children: BlogInline[];
}
interface BlogHeading {
  type: "heading";
  tag: BlogHeadingTag;
  children: BlogInline[];
}
interface BlogQuote {
  type: "quote";
  children: BlogInline[];
}
interface BlogListItem {
  type: "listitem";
  children: Array<BlogInline | BlogList>;
}
interface BlogList {
  type: "list";
  listType: BlogListType;
  start: number;
  children: BlogListItem[];
}
type BlogBlock = BlogParagraph | BlogHeading | BlogQuote | BlogList;
export interface BlogDocument {
  root: { type: "root"; children: BlogBlock[] };
}

type BlogParseReason =
  | "tooLarge"
  | "notJson"
  | "badShape"
  | "unknownNode"
  | "misplacedNode"
  | "tooDeep"
  | "badHeading"
  | "badList"
  | "badText"
  | "badUrl"
  | "badImage"
  | "tooManyImages";

interface BlogParseError {
  reason: BlogParseReason;
  /** where, as child indexes from the root ("root.2.0"), for logs and tests */
  path: string;
}

export type BlogParseResult = { ok: true; doc: BlogDocument } | { ok: false; error: BlogParseError };

class Reject extends Error {
  constructor(
    readonly reason: BlogParseReason,
    readonly path: string,
  ) {
    super(reason);
  }
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Whether a link may point there: absolute http(s) or mailto only, written plainly. Control
 * characters and spaces are refused outright rather than cleaned, because a URL parser drops tabs
 * and newlines ("java\tscript:" parses as "javascript:") and we want what is stored to be what is
 * checked.
 */
export function isAllowedBlogUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  if (/[\u0000-\u0020\u007f-\u009f\s]/u.test(url)) return false;
  const scheme = /^(https?|mailto):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (scheme === "mailto") return parsed.protocol === "mailto:" && url.length > "mailto:".length;
  return (parsed.protocol === "http:" || parsed.protocol === "https:") && /^https?:\/\//i.test(url) && parsed.hostname.length > 0;
}

/**
 * What the writer typed into the link box, as a URL we accept or null: 'example.com' gets
 * https://, an e-mail address mailto:, and anything with another scheme is refused.
 */
export function linkFromInput(input: string): string | null {
  const text = input.trim();
  if (text === "") return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) return isAllowedBlogUrl(text) ? text : null;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(text)) {
    const mail = `mailto:${text}`;
    return isAllowedBlogUrl(mail) ? mail : null;
  }
  const web = `https://${text.replace(/^\/\//, "")}`;
  // without a scheme a bare word is more likely a typo than an intranet host
  if (!isAllowedBlogUrl(web) || !new URL(web).hostname.includes(".")) return null;
  return web;
}

const IMAGE_KEY = new RegExp(
  `^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*/){1,8}[A-Za-z0-9_-][A-Za-z0-9._-]*\\.(?:${BLOG_IMAGE_RULE.extensions.join("|")})$`,
  "i",
);

/**
 * Whether a string has the shape of a stored blog image's R2 key: a relative path of plain
 * segments (letters, digits, `.`, `_`, `-`; none starting with a dot, so no `..`) ending in an
 * image extension, e.g. `posts/123/abc.png`. No scheme, no leading slash, no query: it can never
 * be a URL. Whether the key is really one of the post's stored uploads is the server's check
 * (see `blogImageKeys`).
 */
export function isBlogImageKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && IMAGE_KEY.test(key);
}

function str(node: Json, field: string, path: string, reason: BlogParseReason = "badShape"): string {
  const v = node[field];
  if (typeof v !== "string") throw new Reject(reason, path);
  return v;
}

function children(node: Json, path: string): unknown[] {
  const v = node.children;
  if (!Array.isArray(v)) throw new Reject("badShape", path);
  return v;
}

function optionalSide(node: Json, field: string, path: string): number | null {
  const v = node[field];
  // Lexical's playground writes 0 or "inherit" for "not set"; both mean no size.
  if (v === undefined || v === null || v === 0 || v === "inherit") return null;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1 || v > MAX_IMAGE_SIDE) throw new Reject("badImage", path);
  return v;
}

interface ParseState {
  images: number;
}

function parseImage(node: Json, path: string, state: ParseState): BlogImage {
  const src = str(node, "src", path, "badImage");
  if (!isBlogImageKey(src)) throw new Reject("badImage", path);
  const alt = node.altText ?? "";
  if (typeof alt !== "string" || alt.length > MAX_ALT_LENGTH) throw new Reject("badImage", path);
  state.images += 1;
  if (state.images > BLOG_MAX_IMAGES) throw new Reject("tooManyImages", path);
  return { type: "image", src, altText: alt, width: optionalSide(node, "width", path), height: optionalSide(node, "height", path) };
}

function parseLeaf(node: Json, path: string, state: ParseState): BlogLinkChild | null {
  switch (node.type) {
    case "text": {
      const text = str(node, "text", path, "badText");
      const format = node.format ?? 0;
      if (typeof format !== "number" || !Number.isInteger(format) || format < 0 || format > 0xffff) throw new Reject("badText", path);
      return { type: "text", text, format };
    }
    case "linebreak":
      return { type: "linebreak" };
    case "tab":
      return { type: "tab" };
    case "image":
      return parseImage(node, path, state);
    default:
      return null;
  }
}

function parseInline(value: unknown, path: string, depth: number, state: ParseState, insideLink: boolean): BlogInline {
  if (!isObject(value)) throw new Reject("badShape", path);
  const leaf = parseLeaf(value, path, state);
  if (leaf) return leaf;
  if (value.type === "link" || value.type === "autolink") {
    if (insideLink) throw new Reject("misplacedNode", path);
    const url = str(value, "url", path, "badUrl");
    if (!isAllowedBlogUrl(url)) throw new Reject("badUrl", path);
    const unlinked = value.type === "autolink" && value.isUnlinked === true;
    checkDepth(depth + 1, path);
    // insideLink makes a nested link a rejection, so every child is a leaf
    const kids = children(value, path).map((child, i) => parseInline(child, `${path}.${i}`, depth + 1, state, true) as BlogLinkChild);
    return { type: value.type, url, unlinked, children: kids };
  }
  throw new Reject(isKnownBlockType(value.type) ? "misplacedNode" : "unknownNode", path);
}

function isKnownBlockType(type: unknown): boolean {
  return type === "paragraph" || type === "heading" || type === "quote" || type === "list" || type === "listitem" || type === "root";
}

function checkDepth(depth: number, path: string) {
  if (depth > BLOG_MAX_DEPTH) throw new Reject("tooDeep", path);
}

function inlineChildren(node: Json, path: string, depth: number, state: ParseState): BlogInline[] {
  checkDepth(depth + 1, path);
  return children(node, path).map((child, i) => parseInline(child, `${path}.${i}`, depth + 1, state, false));
}

function parseList(node: Json, path: string, depth: number, state: ParseState): BlogList {
  const listType = node.listType;
  if (listType !== "bullet" && listType !== "number") throw new Reject("badList", path);
  const rawStart = node.start ?? 1;
  if (typeof rawStart !== "number" || !Number.isInteger(rawStart) || rawStart < 0 || rawStart > 1_000_000)
    throw new Reject("badList", path);
  checkDepth(depth + 1, path);
  const items = children(node, path).map((child, i): BlogListItem => {
    const itemPath = `${path}.${i}`;
    if (!isObject(child)) throw new Reject("badShape", itemPath);
    if (child.type !== "listitem")
      throw new Reject(isKnownBlockType(child.type) || child.type === "text" ? "misplacedNode" : "unknownNode", itemPath);
    checkDepth(depth + 2, itemPath);
    const kids = children(child, itemPath).map((grand, j) => {
      const grandPath = `${itemPath}.${j}`;
      if (isObject(grand) && grand.type === "list") {
        checkDepth(depth + 2, grandPath);
        return parseList(grand, grandPath, depth + 2, state);
      }
      return parseInline(grand, grandPath, depth + 2, state, false);
    });
    return { type: "listitem", children: kids };
  });
  return { type: "list", listType, start: rawStart, children: items };
}

function parseBlock(value: unknown, path: string, state: ParseState): BlogBlock {
  if (!isObject(value)) throw new Reject("badShape", path);
  switch (value.type) {
    case "paragraph":
      return { type: "paragraph", children: inlineChildren(value, path, 1, state) };
    case "heading": {
      const tag = value.tag;
      if (tag !== "h2" && tag !== "h3") throw new Reject("badHeading", path);
      return { type: "heading", tag, children: inlineChildren(value, path, 1, state) };
    }
    case "quote":
      return { type: "quote", children: inlineChildren(value, path, 1, state) };
    case "list":
      return parseList(value, path, 1, state);
    case "text":
    case "linebreak":
    case "tab":
    case "image":
    case "link":
    case "autolink":
    case "listitem":
    case "root":
      throw new Reject("misplacedNode", path);
    default:
      throw new Reject("unknownNode", path);
  }
}

/** The editor state as a value (what JSON.parse gives) checked against the allow-list. */
function parseBlogDocumentValue(value: unknown): BlogParseResult {
  try {
    if (!isObject(value) || !isObject(value.root)) throw new Reject("badShape", "");
    const root = value.root;
    if (root.type !== "root") throw new Reject("badShape", "root");
    const state: ParseState = { images: 0 };
    const blocks = children(root, "root").map((child, i) => parseBlock(child, `root.${i}`, state));
    return { ok: true, doc: { root: { type: "root", children: blocks } } };
  } catch (error) {
    if (error instanceof Reject) return { ok: false, error: { reason: error.reason, path: error.path } };
    throw error;
  }
}

/** Over the byte limit in UTF-8; encodes only when the string could be (3 bytes per UTF-16 unit at most). */
function overJsonLimit(text: string): boolean {
  if (text.length * 3 <= BLOG_MAX_JSON_BYTES) return false;
  return new TextEncoder().encode(text).length > BLOG_MAX_JSON_BYTES;
}

/** A serialized Lexical editor state checked against the allow-list, size limit first. */
export function parseBlogDocument(json: string): BlogParseResult {
  if (overJsonLimit(json)) return { ok: false, error: { reason: "tooLarge", path: "" } };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: { reason: "notJson", path: "" } };
  }
  return parseBlogDocumentValue(value);
}

// ---- walking ----

type AnyNode = BlogBlock | BlogInline | BlogListItem;

function* walk(nodes: readonly AnyNode[]): Generator<AnyNode> {
  for (const node of nodes) {
    yield node;
    if ("children" in node) yield* walk(node.children);
  }
}

/** The image keys a document uses, each once, in reading order. */
export function blogImageKeys(doc: BlogDocument): string[] {
  const keys = new Set<string>();
  for (const node of walk(doc.root.children)) if (node.type === "image") keys.add(node.src);
  return [...keys];
}

// ---- counting ----

/**
 * One visible character: a regional-indicator pair (a flag), or a character with what attaches to
 * it (combining marks such as a decomposed dakuten, variation selectors, skin tones, tag
 * characters, and further characters joined by ZWJ as in family emoji). Simpler than Unicode's
 * grapheme rules and the same in every runtime, so the browser's counter and the server's check
 * agree; `Intl.Segmenter` is also quadratic on long strings in V8 (40,000 characters take over a
 * second), which a counter updated on every keystroke cannot afford.
 */
const CLUSTER =
  /\p{Regional_Indicator}{2}|[^\p{M}][\p{M}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]*(?:\u200d[^\p{M}\s][\p{M}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]*)*|\p{M}+/gu;

function graphemes(text: string): string[] {
  return text.match(CLUSTER) ?? [];
}

/**
 * Characters as a reader counts them: what shows on screen as one character (a kanji, a letter
 * with its accent, an emoji with its skin tone or family joiners) counts one; spaces, full-width
 * spaces and line breaks count nothing. Japanese has no spaces between words, so the "word count"
 * of spec §5 is a count of characters.
 */
export function countVisibleChars(text: string): number {
  const visible = text.replace(/\s+/gu, "");
  // ASCII: every character is its own cluster
  if (/^[\u0000-\u007f]*$/.test(visible)) return visible.length;
  let n = 0;
  for (const _ of visible.matchAll(CLUSTER)) n += 1;
  return n;
}

function textOf(node: AnyNode): string {
  switch (node.type) {
    case "text":
      return node.text;
    case "tab":
      return "\t";
    case "linebreak":
      return "\n";
    default:
      return "";
  }
}

/** The counter under the editor: visible characters of all text; images count nothing. */
export function blogCharCount(doc: BlogDocument): number {
  let n = 0;
  for (const node of walk(doc.root.children)) if (node.type === "text") n += countVisibleChars(node.text);
  return n;
}

export type BlogContentCheck =
  | { ok: true; doc: BlogDocument; charCount: number }
  | { ok: false; problem: "invalid"; error: BlogParseError }
  | { ok: false; problem: "tooLong"; charCount: number; max: number };

/**
 * What a save checks (spec §5): the JSON is a document we accept ('不正な形式です。') and its
 * character count is at most the max ('{max}文字以内にしてください。'); exactly the max is fine.
 */
export function checkBlogContent(json: string, max: number = BLOG_MAX_CHARS): BlogContentCheck {
  const parsed = parseBlogDocument(json);
  if (!parsed.ok) return { ok: false, problem: "invalid", error: parsed.error };
  const charCount = blogCharCount(parsed.doc);
  if (charCount > max) return { ok: false, problem: "tooLong", charCount, max };
  return { ok: true, doc: parsed.doc, charCount };
}

/** The message of a failed check in the reader's language. */
export function blogContentMessage(check: Extract<BlogContentCheck, { ok: false }>, t: TFunction): string {
  return check.problem === "tooLong" ? t("blog:validation.tooLong", { max: check.max }) : t("blog:validation.invalid");
}

// ---- plain text ----

function inlineText(nodes: readonly AnyNode[]): string {
  let out = "";
  for (const node of walk(nodes)) out += textOf(node);
  return out;
}

/**
 * Text for excerpts and meta descriptions: blocks joined by a space, runs of whitespace made one
 * space, cut to `maxChars` characters (graphemes, spaces included) with '…' inside the budget.
 */
export function blogPlainText(doc: BlogDocument, maxChars: number): string {
  const parts: string[] = [];
  const collect = (blocks: readonly (BlogBlock | BlogListItem)[]) => {
    for (const block of blocks) {
      if (block.type === "list") collect(block.children);
      else if (block.type === "listitem") {
        parts.push(inlineText(block.children.filter((c): c is BlogInline => c.type !== "list")));
        collect(block.children.filter((c): c is BlogList => c.type === "list"));
      } else parts.push(inlineText(block.children));
    }
  };
  collect(doc.root.children);
  const text = parts.join(" ").replace(/\s+/gu, " ").trim();
  if (maxChars <= 0) return "";
  const chars = graphemes(text);
  if (chars.length <= maxChars) return text;
  return `${chars
    .slice(0, maxChars - 1)
    .join("")
    .trimEnd()}…`;
}

// ---- HTML ----

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text and attribute values alike: every character that can end a text run or an attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** `rel` of every link in a post: user content, not endorsed, no window.opener, no referrer. */
export const BLOG_LINK_REL = "noopener noreferrer nofollow ugc";

/**
 * The URL a viewer may load an image key from, or null to leave the image out (deleted, not
 * stored). Asked for a picture's key and for its variants' keys (`variantKey`); a picture whose
 * variants have no URL is sent at its original size only.
 */
export type BlogImageUrl = (key: string) => string | null;

/** What one render carries along: the links, and how many pictures came before (only the first loads eagerly). */
interface RenderContext {
  imageUrl: BlogImageUrl;
  imagesSeen: number;
}

function renderText(node: BlogText): string {
  let html = escapeHtml(node.text).replace(/\n/g, "<br>");
  if (node.format & TEXT_FORMAT.strikethrough) html = `<s>${html}</s>`;
  if (node.format & TEXT_FORMAT.underline) html = `<u>${html}</u>`;
  if (node.format & TEXT_FORMAT.italic) html = `<em>${html}</em>`;
  if (node.format & TEXT_FORMAT.bold) html = `<strong>${html}</strong>`;
  return html;
}

/**
 * The picture's smaller sizes (docs/decisions/044) with the original at its own width, when the
 * caller has a link to every one of them; a picture with no variants (PNG, GIF) or narrower than
 * the smallest gets none, and `src` alone is right.
 */
function imageSrcSet(node: BlogImage, imageUrl: BlogImageUrl): string | undefined {
  if (!hasVariants(node.src)) return undefined;
  const widths = node.width === null ? VARIANT_WIDTHS.blog : variantWidthsFor(node.width, VARIANT_WIDTHS.blog);
  if (widths.length === 0) return undefined;
  const urls = new Map<string, string>();
  for (const key of [node.src, ...widths.map((w) => variantKey(node.src, w))]) {
    const url = imageUrl(key);
    if (url === null) return undefined;
    urls.set(key, url);
  }
  return srcSetOf(node.src, VARIANT_WIDTHS.blog, node.width, (key) => urls.get(key)!);
}

function renderImage(node: BlogImage, ctx: RenderContext): string {
  const url = ctx.imageUrl(node.src);
  if (url === null) return "";
  // the first picture may be above the fold: loading it lazily would only delay it
  const lazy = ctx.imagesSeen > 0 ? ' loading="lazy"' : "";
  ctx.imagesSeen += 1;
  const srcSet = imageSrcSet(node, ctx.imageUrl);
  const responsive = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${blogImageSizes(node.width)}"` : "";
  const size = node.width && node.height ? ` width="${node.width}" height="${node.height}"` : "";
  return `<img src="${escapeHtml(url)}"${responsive} alt="${escapeHtml(node.altText)}"${size}${lazy} decoding="async">`;
}

function renderInline(nodes: readonly (BlogInline | BlogList)[], ctx: RenderContext): string {
  let html = "";
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        html += renderText(node);
        break;
      case "linebreak":
        html += "<br>";
        break;
      case "tab":
        html += "\t";
        break;
      case "image":
        html += renderImage(node, ctx);
        break;
      case "link":
      case "autolink": {
        const inner = renderInline(node.children, ctx);
        html += node.unlinked ? inner : `<a href="${escapeHtml(node.url)}" rel="${BLOG_LINK_REL}" target="_blank">${inner}</a>`;
        break;
      }
      case "list":
        html += renderBlock(node, ctx);
        break;
    }
  }
  return html;
}

/** An empty paragraph keeps its line, as it did in the editor. */
const filled = (html: string) => (html === "" ? "<br>" : html);

function renderBlock(block: BlogBlock, ctx: RenderContext): string {
  switch (block.type) {
    case "paragraph":
      return `<p>${filled(renderInline(block.children, ctx))}</p>`;
    case "heading":
      return `<${block.tag}>${renderInline(block.children, ctx)}</${block.tag}>`;
    case "quote":
      return `<blockquote>${filled(renderInline(block.children, ctx))}</blockquote>`;
    case "list": {
      const tag = block.listType === "number" ? "ol" : "ul";
      const start = tag === "ol" && block.start !== 1 ? ` start="${block.start}"` : "";
      const items = block.children.map((item) => {
        // Lexical nests a list in an item of its own; that item carries no number or bullet.
        const nestedOnly = item.children.length > 0 && item.children.every((c) => c.type === "list");
        return `<li${nestedOnly ? ' class="blog-nested"' : ""}>${renderInline(item.children, ctx)}</li>`;
      });
      return `<${tag}${start}>${items.join("")}</${tag}>`;
    }
  }
}

/**
 * The article's HTML for one viewer. Only these tags come out: p, h2, h3, strong, em, u, s, br,
 * ul, ol, li, blockquote, a (href checked, rel and target ours), img (src and srcset from
 * `imageUrl`, never from the document; every picture after the first loads lazily). Every text
 * and attribute value is escaped.
 */
export function renderBlogHtml(doc: BlogDocument, imageUrl: BlogImageUrl): string {
  const ctx: RenderContext = { imageUrl, imagesSeen: 0 };
  return doc.root.children.map((block) => renderBlock(block, ctx)).join("");
}
