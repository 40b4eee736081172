import { $createLinkNode, $createAutoLinkNode } from "@lexical/link";
import { createHeadlessEditor } from "@lexical/headless";
import { $createListItemNode, $createListNode } from "@lexical/list";
import { $createHeadingNode, $createQuoteNode, $isHeadingNode } from "@lexical/rich-text";
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTabNode,
  $createTextNode,
  $getRoot,
  $isElementNode,
  type LexicalEditor,
} from "lexical";
import { describe, expect, it } from "vitest";
import { BLOG_EDITOR_NODES } from "../../app/components/blog/editor-nodes";
import { $createImageNode, $isImageNode } from "../../app/components/blog/image-node";
import { registerBlogNormalization } from "../../app/components/blog/normalize";
import { blogCharCount, blogImageKeys, parseBlogDocument, renderBlogHtml } from "../../server/domain/blog";

/**
 * The editor and the server agree: what the editor's nodes serialize (Lexical 0.52, our
 * ImageNode) is what `parseBlogDocument` accepts, and what it accepts loads back into the editor.
 */
function editor(): LexicalEditor {
  const e = createHeadlessEditor({
    namespace: "blog",
    nodes: [...BLOG_EDITOR_NODES],
    onError: (error) => {
      throw error;
    },
  });
  registerBlogNormalization(e);
  return e;
}

const serialize = (e: LexicalEditor) => JSON.stringify(e.getEditorState().toJSON());

function write(build: () => void): string {
  const e = editor();
  e.update(build, { discrete: true });
  return serialize(e);
}

describe("editor JSON round trip", () => {
  it("every node the toolbar makes serializes into a document the server accepts and renders", () => {
    const json = write(() => {
      const root = $getRoot();
      root.clear();
      const h2 = $createHeadingNode("h2").append($createTextNode("はじめに"));
      const bold = $createTextNode("太字").toggleFormat("bold");
      const both = $createTextNode("両方").toggleFormat("bold").toggleFormat("italic");
      const p = $createParagraphNode().append(
        $createTextNode("本文 "),
        bold,
        both,
        $createLineBreakNode(),
        $createLinkNode("https://example.com/?a=1&b=2").append($createTextNode("リンク")),
        $createTabNode(),
        $createAutoLinkNode("mailto:fan@example.com").append($createTextNode("fan@example.com")),
      );
      const h3 = $createHeadingNode("h3").append($createTextNode("写真"));
      const pic = $createParagraphNode().append($createImageNode({ src: "posts/12/cat.png", altText: '猫"<', width: 800, height: 600 }));
      const nested = $createListNode("number").append($createListItemNode().append($createTextNode("入れ子")));
      const list = $createListNode("bullet").append(
        $createListItemNode().append($createTextNode("一つ目")),
        $createListItemNode().append(nested),
      );
      const q = $createQuoteNode().append($createTextNode("引用"));
      root.append(h2, p, h3, pic, list, q, $createParagraphNode());
    });

    const stored = JSON.parse(json) as { root: { children: Array<{ type: string; children: Array<Record<string, unknown>> }> } };
    // the image node's JSON is the shape the parser documents: a key, never a URL
    expect(stored.root.children[3]?.children[0]).toEqual({
      type: "image",
      version: 1,
      src: "posts/12/cat.png",
      altText: '猫"<',
      width: 800,
      height: 600,
    });

    const parsed = parseBlogDocument(json);
    if (!parsed.ok) throw new Error(`refused: ${parsed.error.reason} at ${parsed.error.path}`);
    expect(blogImageKeys(parsed.doc)).toEqual(["posts/12/cat.png"]);
    expect(blogCharCount(parsed.doc)).toBe(4 + 2 + 2 + 2 + 3 + 15 + 2 + 3 + 3 + 2);
    expect(renderBlogHtml(parsed.doc, (key) => `/media/${key}?sig=s`)).toBe(
      "<h2>はじめに</h2>" +
        '<p>本文 <strong>太字</strong><strong><em>両方</em></strong><br><a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow ugc" target="_blank">リンク</a>\t<a href="mailto:fan@example.com" rel="noopener noreferrer nofollow ugc" target="_blank">fan@example.com</a></p>' +
        "<h3>写真</h3>" +
        '<p><img src="/media/posts/12/cat.png?sig=s" alt="猫&quot;&lt;" width="800" height="600" decoding="async"></p>' +
        '<ul><li>一つ目</li><li class="blog-nested"><ol><li>入れ子</li></ol></li></ul>' +
        "<blockquote>引用</blockquote>" +
        "<p><br></p>",
    );
  });

  it("a document the server accepted loads back into the editor unchanged", () => {
    const json = write(() => {
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append($createTextNode("a"), $createImageNode({ src: "posts/1/a.gif", altText: "" })),
          $createListNode("bullet").append($createListItemNode().append($createTextNode("b"))),
        );
    });
    expect(parseBlogDocument(json).ok).toBe(true);
    const e = editor();
    e.setEditorState(e.parseEditorState(json));
    expect(serialize(e)).toBe(json);
    const image = e.getEditorState().read(() => {
      const first = $getRoot().getFirstChild();
      return $isElementNode(first) ? first.getChildren().find($isImageNode) : undefined;
    });
    expect(image).toBeDefined();
    // an image without a known size writes no width or height
    expect(json).toContain('{"type":"image","version":1,"src":"posts/1/a.gif","altText":""}');
  });
});

describe("the editor keeps pasted content inside what the server accepts", () => {
  it("turns h1 into h2 and h4–h6 into h3", () => {
    const json = write(() => {
      $getRoot()
        .clear()
        .append($createHeadingNode("h1").append($createTextNode("a")), $createHeadingNode("h5").append($createTextNode("b")));
    });
    const tags = (JSON.parse(json) as { root: { children: Array<{ tag: string }> } }).root.children.map((c) => c.tag);
    expect(tags).toEqual(["h2", "h3"]);
    expect(parseBlogDocument(json).ok).toBe(true);
  });

  it("unwraps links with another scheme and keeps their text", () => {
    const json = write(() => {
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append(
            $createLinkNode("javascript:alert(1)").append($createTextNode("click")),
            $createAutoLinkNode("ftp://example.com").append($createTextNode(" ftp")),
          ),
        );
    });
    expect(json).not.toContain("javascript:");
    expect(json).not.toContain('"type":"link"');
    const parsed = parseBlogDocument(json);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(renderBlogHtml(parsed.doc, () => null)).toBe("<p>click ftp</p>");
  });

  it("drops formats and styles the reader does not show, and check lists become bullets", () => {
    const json = write(() => {
      const code = $createTextNode("code").toggleFormat("code").toggleFormat("bold");
      code.setStyle("color: red");
      const check = $createListNode("check").append($createListItemNode().append($createTextNode("todo")));
      $getRoot().clear().append($createParagraphNode().append(code), check);
    });
    const root = (JSON.parse(json) as { root: { children: Array<Record<string, unknown> & { children: Array<Record<string, unknown>> }> } })
      .root;
    expect(root.children[0]?.children[0]).toMatchObject({ text: "code", format: 1, style: "" });
    expect(root.children[1]).toMatchObject({ type: "list", listType: "bullet" });
    expect(parseBlogDocument(json).ok).toBe(true);
  });

  it("removes an image whose src is not one of our keys (pasted from another editor)", () => {
    const json = write(() => {
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append(
            $createTextNode("x"),
            $createImageNode({ src: "https://evil.example/a.png" }),
            $createImageNode({ src: "posts/1/ok.png" }),
          ),
        );
    });
    expect(json).not.toContain("evil.example");
    const parsed = parseBlogDocument(json);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(blogImageKeys(parsed.doc)).toEqual(["posts/1/ok.png"]);
  });

  it("leaves allowed content alone", () => {
    const e = editor();
    e.update(
      () => {
        $getRoot()
          .clear()
          .append(
            $createHeadingNode("h3").append($createLinkNode("https://ok.example").append($createTextNode("ok").toggleFormat("italic"))),
          );
      },
      { discrete: true },
    );
    const kept = e.getEditorState().read(() => {
      const h = $getRoot().getFirstChild();
      return $isHeadingNode(h) ? { tag: h.getTag(), text: h.getTextContent() } : null;
    });
    expect(kept).toEqual({ tag: "h3", text: "ok" });
    expect(serialize(e)).toContain('"url":"https://ok.example"');
  });
});
