import { describe, expect, it } from "vitest";
import { copiedObjectKey, replaceKeys } from "../../server/domain/post-copy";

describe("keys of a copied post", () => {
  it("keeps the folder and extension and takes the new token", () => {
    expect(copiedObjectKey("posts/101/abc.png", "xyz")).toBe("posts/101/xyz.png");
    expect(copiedObjectKey("public/covers/7/old.jpeg", "new")).toBe("public/covers/7/new.jpeg");
    expect(copiedObjectKey("posts/101/noext", "t")).toBe("posts/101/t");
  });

  it("never returns the original key", () => {
    const key = "posts/5/aaaa.mp4";
    expect(copiedObjectKey(key, "bbbb")).not.toBe(key);
  });

  it("rewrites every reference of the blog body to the copies' keys", () => {
    const json = JSON.stringify({
      root: { children: [{ type: "image", key: "posts/1/a.png" }, { key: "posts/1/b.png" }, { key: "posts/1/a.png" }] },
    });
    const out = replaceKeys(
      json,
      new Map([
        ["posts/1/a.png", "posts/1/c.png"],
        ["posts/1/b.png", "posts/1/d.png"],
      ]),
    );
    expect(out).not.toContain("posts/1/a.png");
    expect(out).not.toContain("posts/1/b.png");
    expect(out.match(/posts\/1\/c\.png/g)).toHaveLength(2);
    expect(out).toContain("posts/1/d.png");
  });
});
