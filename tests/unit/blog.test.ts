import { describe, expect, it } from "vitest";
import type { TFunction } from "../../server/i18n/setup";
import { createTranslator } from "../../server/i18n/setup";
import { resources } from "../../locales";
import {
  BLOG_LINK_REL,
  BLOG_MAX_CHARS,
  BLOG_MAX_IMAGES,
  BLOG_MAX_JSON_BYTES,
  blogCharCount,
  blogContentMessage,
  blogImageKeys,
  blogPlainText,
  checkBlogContent,
  countVisibleChars,
  isAllowedBlogUrl,
  isBlogImageKey,
  linkFromInput,
  parseBlogDocument,
  renderBlogHtml,
  type BlogDocument,
} from "../../server/domain/blog";

// Builders for the JSON the editor writes (full form, as editorState.toJSON() gives it).
const text = (t: string, format = 0) => ({ detail: 0, format, mode: "normal", style: "", text: t, type: "text", version: 1 });
const element = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  children,
  direction: null,
  format: "",
  indent: 0,
  type,
  version: 1,
  ...extra,
});
const paragraph = (...children: unknown[]) => element("paragraph", children, { textFormat: 0, textStyle: "" });
const heading = (tag: string, ...children: unknown[]) => element("heading", children, { tag });
const quote = (...children: unknown[]) => element("quote", children);
const list = (listType: string, ...items: unknown[]) =>
  element("list", items, { listType, start: 1, tag: listType === "number" ? "ol" : "ul" });
const item = (...children: unknown[]) => element("listitem", children, { value: 1 });
const link = (url: string, ...children: unknown[]) => element("link", children, { url, rel: null, target: null, title: null });
const image = (src: string, altText = "", size: Record<string, unknown> = {}) => ({ type: "image", version: 1, src, altText, ...size });
const linebreak = { type: "linebreak", version: 1 };
const state = (...blocks: unknown[]) => JSON.stringify({ root: element("root", blocks) });

const url = (key: string) => `/media/${key}?sig=abc&exp=1`;

function parsed(json: string): BlogDocument {
  const result = parseBlogDocument(json);
  if (!result.ok) throw new Error(`refused: ${result.error.reason} at ${result.error.path}`);
  return result.doc;
}
const html = (json: string) => renderBlogHtml(parsed(json), url);
const reason = (json: string) => {
  const result = parseBlogDocument(json);
  return result.ok ? "accepted" : result.error.reason;
};

describe("parsing: only what the toolbar makes gets in", () => {
  it("accepts paragraphs, h2/h3, bold and italic, lists with nesting, quotes, links and images", () => {
    const json = state(
      heading("h2", text("見出し")),
      paragraph(text("こんにちは "), text("太字", 1), text("斜体", 2), linebreak, link("https://example.com/a?b=1&c=2", text("リンク"))),
      heading("h3", text("小見出し")),
      list("bullet", item(text("一")), item(list("number", item(text("ネスト"))))),
      quote(text("引用")),
      paragraph(image("posts/12/abc.png", "猫")),
    );
    const doc = parsed(json);
    expect(doc.root.children.map((b) => b.type)).toEqual(["heading", "paragraph", "heading", "list", "quote", "paragraph"]);
  });

  it("refuses node types it does not know, wherever they are", () => {
    expect(reason(state(element("table", [])))).toBe("unknownNode");
    expect(reason(state(element("code", [text("x")])))).toBe("unknownNode");
    expect(reason(state(paragraph({ type: "html", version: 1, html: "<script>alert(1)</script>" })))).toBe("unknownNode");
    expect(reason(state(list("bullet", item(text("a"), { type: "equation", equation: "x" }))))).toBe("unknownNode");
    expect(reason(state(paragraph(link("https://a.example", element("mark", [text("a")])))))).toBe("unknownNode");
  });

  it("refuses known nodes in the wrong place", () => {
    expect(reason(state(text("loose text at the root")))).toBe("misplacedNode");
    expect(reason(state(paragraph(paragraph(text("a")))))).toBe("misplacedNode");
    expect(reason(state(list("bullet", text("not an item"))))).toBe("misplacedNode");
    expect(reason(state(paragraph(link("https://a.example", link("https://b.example", text("x"))))))).toBe("misplacedNode");
    expect(reason(state(image("posts/1/a.png")))).toBe("misplacedNode");
  });

  it("takes h2 and h3 only, bullet and numbered lists only", () => {
    expect(reason(state(heading("h1", text("x"))))).toBe("badHeading");
    expect(reason(state(heading("h4", text("x"))))).toBe("badHeading");
    expect(reason(state(heading("h2 onclick=x", text("x"))))).toBe("badHeading");
    expect(reason(state(list("check", item(text("x")))))).toBe("badList");
  });

  it("refuses what is not a Lexical state at all", () => {
    expect(reason("")).toBe("notJson");
    expect(reason("{root:")).toBe("notJson");
    expect(reason("[]")).toBe("badShape");
    expect(reason(JSON.stringify({ root: { type: "paragraph", children: [] } }))).toBe("badShape");
    expect(reason(JSON.stringify({ root: element("root", "nope" as unknown as unknown[]) }))).toBe("badShape");
    expect(reason(state(paragraph({ type: "text", text: 42 })))).toBe("badText");
    expect(reason(state(paragraph({ type: "text", text: "a", format: "bold" })))).toBe("badText");
  });

  it("limits depth and size", () => {
    let nested: unknown = item(text("deepest"));
    for (let i = 0; i < 12; i++) nested = item(list("bullet", nested));
    expect(reason(state(list("bullet", nested)))).toBe("tooDeep");
    let shallow: unknown = item(text("ok"));
    for (let i = 0; i < 5; i++) shallow = item(list("bullet", shallow));
    expect(reason(state(list("bullet", shallow)))).toBe("accepted");

    const big = state(paragraph(text("a".repeat(BLOG_MAX_JSON_BYTES))));
    expect(reason(big)).toBe("tooLarge");
    // the limit is in UTF-8 bytes: 400,000 kanji are 1.2 MB
    expect(reason(state(paragraph(text("字".repeat(400_000)))))).toBe("tooLarge");
  });

  it("caps the number of images", () => {
    const many = Array.from({ length: BLOG_MAX_IMAGES + 1 }, (_, i) => image(`posts/1/${i}.png`));
    expect(reason(state(paragraph(...many.slice(0, BLOG_MAX_IMAGES))))).toBe("accepted");
    expect(reason(state(paragraph(...many)))).toBe("tooManyImages");
  });

  it("tolerates the compact form (defaults left out) and extra fields it never renders", () => {
    const compact = JSON.stringify({ root: { type: "root", children: [{ type: "paragraph", children: [{ type: "text", text: "a" }] }] } });
    expect(html(compact)).toBe("<p>a</p>");
    const extra = state(paragraph({ ...text("a"), style: "color:red;background:url(javascript:x)", $: { x: 1 } }));
    expect(html(extra)).toBe("<p>a</p>");
  });
});

describe("links: http, https and mailto only", () => {
  it("accepts plain absolute URLs", () => {
    expect(isAllowedBlogUrl("https://example.com")).toBe(true);
    expect(isAllowedBlogUrl("HTTP://example.com/パス?q=検索")).toBe(true);
    expect(isAllowedBlogUrl("mailto:fan@example.com")).toBe(true);
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example",
    "/relative",
    "https:evil.example",
    "https://",
    "https://exa mple.com",
    "https://example.com/\u0000",
    "mailto:",
    "",
  ])("refuses %j", (bad) => {
    expect(isAllowedBlogUrl(bad)).toBe(false);
    expect(reason(state(paragraph(link(bad, text("x")))))).toBe("badUrl");
  });

  it("refuses an autolink with another scheme too", () => {
    expect(reason(state(paragraph(element("autolink", [text("x")], { url: "javascript:alert(1)", isUnlinked: false }))))).toBe("badUrl");
  });

  it("reads what the writer types into the link box", () => {
    expect(linkFromInput(" example.com/page ")).toBe("https://example.com/page");
    expect(linkFromInput("//example.com")).toBe("https://example.com");
    expect(linkFromInput("fan@example.com")).toBe("mailto:fan@example.com");
    expect(linkFromInput("https://example.com")).toBe("https://example.com");
    expect(linkFromInput("javascript:alert(1)")).toBeNull();
    expect(linkFromInput("data:text/html,x")).toBeNull();
    expect(linkFromInput("hello")).toBeNull();
    expect(linkFromInput("")).toBeNull();
  });
});

describe("images: the document holds a key, the server makes the URL", () => {
  it("knows a stored key from anything else", () => {
    expect(isBlogImageKey("posts/123/abc.png")).toBe(true);
    expect(isBlogImageKey("fanclubs/101/blog/0f3a-9_b.JPEG")).toBe(true);
    for (const bad of [
      "https://evil.example/a.png",
      "//evil.example/a.png",
      "/media/posts/1/a.png",
      "data:image/png;base64,AAAA",
      "javascript:alert(1)//a.png",
      "posts/../secret/a.png",
      "posts/./a.png",
      "a.png",
      "posts/1/a.svg",
      "posts/1/a.png?x=1",
      'posts/1/a.png" onerror="alert(1)',
      "posts/1/a b.png",
    ]) {
      expect(isBlogImageKey(bad), bad).toBe(false);
      expect(reason(state(paragraph(image(bad)))), bad).toBe("badImage");
    }
  });

  it("checks alt text and sizes", () => {
    expect(reason(state(paragraph({ type: "image", src: "posts/1/a.png", altText: 5 })))).toBe("badImage");
    expect(reason(state(paragraph(image("posts/1/a.png", "a".repeat(501)))))).toBe("badImage");
    expect(reason(state(paragraph(image("posts/1/a.png", "", { width: -1, height: 10 }))))).toBe("badImage");
    expect(reason(state(paragraph(image("posts/1/a.png", "", { width: "100px" }))))).toBe("badImage");
    expect(reason(state(paragraph(image("posts/1/a.png", "", { width: 0, height: "inherit" }))))).toBe("accepted");
  });

  it("lists the keys a document uses, once each, in reading order", () => {
    const doc = parsed(
      state(
        paragraph(image("posts/1/b.png")),
        list("bullet", item(image("posts/1/a.gif")), item(list("number", item(link("https://x.example", image("posts/1/c.jpg")))))),
        quote(image("posts/1/b.png")),
      ),
    );
    expect(blogImageKeys(doc)).toEqual(["posts/1/b.png", "posts/1/a.gif", "posts/1/c.jpg"]);
  });
});

describe("rendering: our tags only, every value escaped", () => {
  it("renders each node as its tag", () => {
    expect(
      html(
        state(
          heading("h2", text("大見出し")),
          heading("h3", text("小見出し")),
          paragraph(text("普通 "), text("太字", 1), text("斜体", 2), text("両方", 3), linebreak, text("次の行")),
          quote(text("引用文")),
        ),
      ),
    ).toBe(
      "<h2>大見出し</h2><h3>小見出し</h3><p>普通 <strong>太字</strong><em>斜体</em><strong><em>両方</em></strong><br>次の行</p><blockquote>引用文</blockquote>",
    );
  });

  it("renders lists with their nesting and a start number", () => {
    const nested = state(list("bullet", item(text("a")), item(list("number", item(text("b")))), item(text("c"))));
    expect(html(nested)).toBe('<ul><li>a</li><li class="blog-nested"><ol><li>b</li></ol></li><li>c</li></ul>');
    const started = JSON.stringify({ root: element("root", [{ ...list("number", item(text("x"))), start: 3 }]) });
    expect(html(started)).toBe('<ol start="3"><li>x</li></ol>');
  });

  it("keeps an empty paragraph as a blank line", () => {
    expect(html(state(paragraph(text("a")), paragraph(), paragraph(text("b"))))).toBe("<p>a</p><p><br></p><p>b</p>");
  });

  it("escapes script in text instead of running it", () => {
    const out = html(state(paragraph(text('<script>alert("x")</script><img src=x onerror=alert(1)>'))));
    expect(out).toBe("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>");
    expect(out).not.toMatch(/<script|<img/);
  });

  it("writes links with our rel and target, the URL escaped", () => {
    const out = html(state(paragraph(link('https://example.com/?a=1&b="x"', text("見て")))));
    expect(out).toBe(`<p><a href="https://example.com/?a=1&amp;b=&quot;x&quot;" rel="${BLOG_LINK_REL}" target="_blank">見て</a></p>`);
    expect(BLOG_LINK_REL).toBe("noopener noreferrer nofollow ugc");
  });

  it("ignores rel, target and title the document carries", () => {
    const out = html(
      state(paragraph(element("link", [text("x")], { url: "https://a.example", rel: "opener", target: "_self", title: '"><script>' }))),
    );
    expect(out).toBe(`<p><a href="https://a.example" rel="${BLOG_LINK_REL}" target="_blank">x</a></p>`);
  });

  it("shows an undone autolink as plain text", () => {
    const out = html(
      state(paragraph(element("autolink", [text("www.example.com")], { url: "https://www.example.com", isUnlinked: true }))),
    );
    expect(out).toBe("<p>www.example.com</p>");
  });

  it("takes image URLs from the callback, with the alt text escaped; the first picture loads at once, later ones lazily", () => {
    const out = html(
      state(
        paragraph(image("posts/9/a.png", '猫" onerror="alert(1)', { width: 800, height: 600 })),
        paragraph(image("posts/9/b.png", "", { width: 800, height: 600 })),
      ),
    );
    expect(out).toBe(
      '<p><img src="/media/posts/9/a.png?sig=abc&amp;exp=1" alt="猫&quot; onerror=&quot;alert(1)" width="800" height="600" decoding="async"></p>' +
        '<p><img src="/media/posts/9/b.png?sig=abc&amp;exp=1" alt="" width="800" height="600" loading="lazy" decoding="async"></p>',
    );
  });

  it("offers a JPEG's smaller sizes (signed by the callback) with the column's sizes, never wider than the picture", () => {
    const signed = (key: string) => `/media/${key.replaceAll("@", "%40")}?sig=${key.length}`;
    const doc = parsed(
      state(
        paragraph(text("前")),
        paragraph(image("posts/9/sea.jpg", "海", { width: 1500, height: 1000 })),
        paragraph(image("posts/9/x.jpg")),
      ),
    );
    const own = renderBlogHtml(doc, signed);
    expect(own).toContain(
      '<img src="/media/posts/9/sea.jpg?sig=15" srcset="/media/posts/9/sea.jpg%40w640.jpg?sig=24 640w, /media/posts/9/sea.jpg%40w1080.jpg?sig=25 1080w, /media/posts/9/sea.jpg?sig=15 1500w" sizes="(max-width: 575px) calc(100vw - 3.5rem), (max-width: 991px) calc(100vw - 4.5rem), 1008px" alt="海" width="1500" height="1000" decoding="async">',
    );
    // no size known: every variant, and the widest column
    expect(own).toContain('sig=23 2048w" sizes=');
    expect(own).toMatch(
      /<img src="\/media\/posts\/9\/x\.jpg\?sig=13" srcset="[^"]+ 640w, [^"]+ 1080w, [^"]+ 2048w" sizes="[^"]+1008px" alt="" loading="lazy"/,
    );
  });

  it("sends a picture at its original size alone when it has no variants or a variant has no link", () => {
    const onlyOriginals = (key: string) => (key.includes("@w") ? null : `/media/${key}`);
    const doc = parsed(
      state(
        paragraph(image("posts/9/a.jpg", "", { width: 1500, height: 1000 })),
        paragraph(image("posts/9/small.jpg", "", { width: 500, height: 400 })),
        paragraph(image("posts/9/c.png", "", { width: 1500, height: 1000 })),
      ),
    );
    expect(renderBlogHtml(doc, onlyOriginals)).not.toContain("srcset");
    // a 500 px picture has no smaller variant, a PNG none at all, whatever links exist
    const all = renderBlogHtml(doc, (key) => `/media/${key}`);
    expect(all.match(/srcset=/g)).toHaveLength(1);
    expect(all).toContain('<img src="/media/posts/9/small.jpg" alt="" width="500" height="400" loading="lazy"');
  });

  it("leaves out an image the callback cannot resolve", () => {
    const doc = parsed(state(paragraph(text("前"), image("posts/9/gone.png"), text("後"))));
    expect(renderBlogHtml(doc, () => null)).toBe("<p>前後</p>");
  });

  it("never lets a URL or markup from the document into an attribute unchecked", () => {
    const hostile = state(
      paragraph(text("</p><iframe src=//evil>", 1)),
      heading("h2", text("'\"><svg onload=alert(1)>")),
      paragraph(link("https://ok.example/\"onmouseover='x'", text("a"))),
      paragraph(image("posts/1/a.png", "<b>alt</b>")),
    );
    const out = html(hostile);
    // Text cannot open a tag (every "<" in it is escaped), so each "<" here is one of ours.
    const tags = out.match(/<[^>]*>/g) ?? [];
    expect(tags.length).toBe(out.split("<").length - 1);
    for (const tag of tags) {
      const m = /^<\/?(p|strong|em|u|s|h2|h3|ul|ol|li|blockquote|br|a|img)((?:\s[a-z]+="[^"<>]*")*)>$/.exec(tag);
      expect(m, tag).not.toBeNull();
      const names = [...(m?.[2] ?? "").matchAll(/\s([a-z]+)=/g)].map((a) => a[1]);
      for (const name of names)
        expect(["href", "rel", "target", "src", "alt", "width", "height", "loading", "decoding", "class", "start"]).toContain(name);
    }
    expect(new Set(tags.map((tag) => /^<\/?([a-z0-9]+)/.exec(tag)?.[1]))).toEqual(new Set(["p", "strong", "h2", "a", "img"]));
  });
});

describe("counting characters (spec §5 max rule)", () => {
  it("counts Japanese characters one each and spaces not at all", () => {
    expect(countVisibleChars("こんにちは、世界。")).toBe(9);
    expect(countVisibleChars("hello world")).toBe(10);
    expect(countVisibleChars("全角\u3000スペース")).toBe(6);
    expect(countVisibleChars(" \t\n\r\n ")).toBe(0);
  });

  it("counts an emoji as one, however many code points it has", () => {
    expect(countVisibleChars("👍")).toBe(1);
    expect(countVisibleChars("👍🏽")).toBe(1);
    expect(countVisibleChars("👨‍👩‍👧‍👦")).toBe(1);
    expect(countVisibleChars("🇯🇵")).toBe(1);
    expect(countVisibleChars("が")).toBe(1); // か + combining dakuten
    expect(countVisibleChars("ありがとう🙏")).toBe(6);
    expect(countVisibleChars("❤️1️⃣")).toBe(2); // variation selector, keycap
    expect(countVisibleChars("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}")).toBe(1); // England: tag characters
    expect(countVisibleChars("🇯🇵🇰")).toBe(2); // a pair, then a lone indicator
    expect(countVisibleChars("e\u0301 cafe\u0301")).toBe(5);
  });

  it("counts the text of every block, not images or line breaks", () => {
    const doc = parsed(
      state(
        heading("h2", text("見出し")),
        paragraph(text("本文 です", 1), linebreak, image("posts/1/a.png")),
        list("bullet", item(text("🍣"))),
      ),
    );
    expect(blogCharCount(doc)).toBe(3 + 4 + 1);
  });

  it("allows exactly the max and refuses one more, with the spec's messages", () => {
    const t = translator("ja");
    const atMax = state(paragraph(text("あ".repeat(BLOG_MAX_CHARS))));
    expect(checkBlogContent(atMax)).toMatchObject({ ok: true, charCount: BLOG_MAX_CHARS });
    const over = checkBlogContent(state(paragraph(text("あ".repeat(BLOG_MAX_CHARS)), text("い"))));
    expect(over).toMatchObject({ ok: false, problem: "tooLong", charCount: BLOG_MAX_CHARS + 1, max: BLOG_MAX_CHARS });
    if (over.ok) throw new Error("unreachable");
    expect(blogContentMessage(over, t)).toBe(`${BLOG_MAX_CHARS}文字以内にしてください。`);
    expect(blogContentMessage(over, translator("en"))).toBe(`Please keep it within ${BLOG_MAX_CHARS} characters.`);
    const invalid = checkBlogContent("{");
    if (invalid.ok) throw new Error("unreachable");
    expect(blogContentMessage(invalid, t)).toBe("不正な形式です。");
  });

  it("takes a smaller max when given one", () => {
    expect(checkBlogContent(state(paragraph(text("12345"))), 4)).toMatchObject({ ok: false, problem: "tooLong", max: 4 });
  });
});

describe("plain text for excerpts", () => {
  const doc = () =>
    parsed(
      state(
        heading("h2", text("はじめに")),
        paragraph(text("今日は"), linebreak, text("晴れ。")),
        list("bullet", item(text("一つ目")), item(list("bullet", item(text("入れ子"))))),
        paragraph(image("posts/1/a.png")),
      ),
    );

  it("joins blocks with spaces and drops images", () => {
    expect(blogPlainText(doc(), 100)).toBe("はじめに 今日は 晴れ。 一つ目 入れ子");
  });

  it("cuts to the budget with an ellipsis, never inside an emoji", () => {
    expect(blogPlainText(doc(), 6)).toBe("はじめに…");
    expect([...blogPlainText(doc(), 6)].length).toBeLessThanOrEqual(6);
    const emoji = parsed(state(paragraph(text("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦"))));
    expect(blogPlainText(emoji, 2)).toBe("👨‍👩‍👧‍👦…");
    expect(blogPlainText(doc(), 0)).toBe("");
  });

  it("carries no markup: text comes back as written, to be escaped by whoever prints it", () => {
    expect(blogPlainText(parsed(state(paragraph(text("<b>太字</b>")))), 50)).toBe("<b>太字</b>");
  });
});

function translator(locale: "ja" | "en"): TFunction {
  return createTranslator({ locale, resources: resources[locale], fallback: resources.ja, defaultNs: "common" });
}
