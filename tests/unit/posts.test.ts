import { describe, expect, it } from "vitest";
import {
  LESSON_DURATIONS,
  downloadFileName,
  readerFileName,
  bytesMatchExtension,
  canEditPost,
  canViewPost,
  dropzoneVisible,
  extensionOf,
  postStatus,
  scheduleProblem,
  tweetText,
  uploadProblem,
} from "../../server/domain/posts";

const MB = 1024 * 1024;
const head = (...parts: Array<string | number[]>) => {
  const bytes: number[] = [];
  for (const p of parts) bytes.push(...(typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p));
  while (bytes.length < 16) bytes.push(0);
  return new Uint8Array(bytes);
};

describe("upload limits (spec §5)", () => {
  it("takes up to 10 pictures of 20 MB in jpg, jpeg, png or gif", () => {
    expect(uploadProblem("picture", { filename: "a.JPG", size: 20 * MB }, 9)).toBeNull();
    expect(uploadProblem("picture", { filename: "a.jpg", size: 20 * MB + 1 }, 0)).toBe("tooLarge");
    expect(uploadProblem("picture", { filename: "a.jpg", size: 1 }, 10)).toBe("tooMany");
    expect(uploadProblem("picture", { filename: "a.webp", size: 1 }, 0)).toBe("badType");
    expect(uploadProblem("picture", { filename: "a.jpg", size: 0 }, 0)).toBe("empty");
  });

  it("takes 4 videos or sounds of up to 3 GB, and attachments add documents and archives", () => {
    expect(uploadProblem("streaming", { filename: "live.mov", size: 3 * 1024 * MB }, 3)).toBeNull();
    expect(uploadProblem("streaming", { filename: "live.mov", size: 3 * 1024 * MB + 1 }, 0)).toBe("tooLarge");
    expect(uploadProblem("streaming", { filename: "book.pdf", size: 1 }, 0)).toBe("badType");
    expect(uploadProblem("attachment", { filename: "book.pdf", size: 1 }, 0)).toBeNull();
    expect(uploadProblem("attachment", { filename: "art.psd", size: 1 }, 4)).toBe("tooMany");
    expect(dropzoneVisible("attachment", 3)).toBe(true);
    expect(dropzoneVisible("attachment", 4)).toBe(false);
  });

  it("reads extensions after the last dot only", () => {
    expect(extensionOf("archive.tar.ZIP")).toBe("zip");
    expect(extensionOf(".hidden")).toBe("");
    expect(extensionOf("noext")).toBe("");
    expect(extensionOf("trailing.")).toBe("");
  });
});

describe("stored bytes must match the extension", () => {
  it("knows the signatures of the allowed types", () => {
    expect(bytesMatchExtension("png", head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(bytesMatchExtension("jpg", head([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(bytesMatchExtension("gif", head("GIF89a"))).toBe(true);
    expect(bytesMatchExtension("pdf", head("%PDF-1.7"))).toBe(true);
    expect(bytesMatchExtension("epub", head([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(bytesMatchExtension("mp4", head([0, 0, 0, 0x18], "ftypisom"))).toBe(true);
    expect(bytesMatchExtension("wav", head("RIFF", [1, 2, 3, 4], "WAVE"))).toBe(true);
    expect(bytesMatchExtension("avi", head("RIFF", [1, 2, 3, 4], "AVI "))).toBe(true);
    expect(bytesMatchExtension("mp3", head("ID3"))).toBe(true);
    expect(bytesMatchExtension("mp3", head([0xff, 0xfb, 0x90]))).toBe(true);
    expect(bytesMatchExtension("ogg", head("OggS"))).toBe(true);
    expect(bytesMatchExtension("wmv", head([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]))).toBe(true);
  });

  it("refuses a file whose bytes are something else", () => {
    expect(bytesMatchExtension("png", head([0xff, 0xd8, 0xff]))).toBe(false);
    expect(bytesMatchExtension("mp4", head("<html><script>"))).toBe(false);
    expect(bytesMatchExtension("wav", head("RIFF", [1, 2, 3, 4], "AVI "))).toBe(false);
    expect(bytesMatchExtension("exe", head("MZ"))).toBe(false);
  });
});

describe("scheduling and status (spec §4)", () => {
  const now = Date.UTC(2026, 10, 22, 3, 0);
  it("refuses a scheduled draft and an end before the start", () => {
    expect(scheduleProblem({ isPublish: false, publishedAt: now + 60_000, unpublishedAt: null, now })).toBe("draftScheduled");
    expect(scheduleProblem({ isPublish: false, publishedAt: null, unpublishedAt: null, now })).toBeNull();
    expect(scheduleProblem({ isPublish: true, publishedAt: now + 60_000, unpublishedAt: now + 30_000, now })).toBe("endBeforeStart");
    expect(scheduleProblem({ isPublish: true, publishedAt: null, unpublishedAt: now - 1, now })).toBe("endBeforeStart");
    expect(scheduleProblem({ isPublish: true, publishedAt: now + 60_000, unpublishedAt: now + 120_000, now })).toBeNull();
  });

  it("badges drafts, scheduled, ended and plan-only posts", () => {
    expect(postStatus({ isPublish: false, publishedAt: now, unpublishedAt: null, planId: null }, now)).toBe("draft");
    expect(postStatus({ isPublish: true, publishedAt: now + 1, unpublishedAt: null, planId: null }, now)).toBe("future");
    expect(postStatus({ isPublish: true, publishedAt: now - 10, unpublishedAt: now, planId: null }, now)).toBe("unpublish");
    expect(postStatus({ isPublish: true, publishedAt: now - 10, unpublishedAt: null, planId: 3 }, now)).toBe("private");
    expect(postStatus({ isPublish: true, publishedAt: now - 10, unpublishedAt: null, planId: null }, now)).toBe("published");
  });

  it("offers lesson durations from 10 to 300 minutes in steps of 10", () => {
    expect(LESSON_DURATIONS[0]).toBe(10);
    expect(LESSON_DURATIONS.at(-1)).toBe(300);
    expect(LESSON_DURATIONS).toHaveLength(30);
  });
});

describe("the paywall rule", () => {
  const post = { fanclubId: 1, planId: 20, planPrice: 1000 };
  const fan = (planId: number, planPrice: number, fanclubId = 1) => ({
    isOwner: false,
    isEditor: false,
    membership: { fanclubId, planId, planPrice },
  });
  it("shows a plan's post to that plan and to higher-priced plans of the same fan club only", () => {
    expect(canViewPost({ post, viewer: fan(20, 1000) })).toBe(true);
    expect(canViewPost({ post, viewer: fan(30, 3000) })).toBe(true);
    expect(canViewPost({ post, viewer: fan(10, 500) })).toBe(false);
    expect(canViewPost({ post, viewer: fan(21, 1000) })).toBe(false);
    expect(canViewPost({ post, viewer: fan(30, 3000, 2) })).toBe(false);
    expect(canViewPost({ post, viewer: { isOwner: false, isEditor: false, membership: null } })).toBe(false);
  });

  it("shows it to the owner and editors, and a post for anyone to everyone", () => {
    expect(canViewPost({ post, viewer: { isOwner: true, isEditor: false, membership: null } })).toBe(true);
    expect(canViewPost({ post, viewer: { isOwner: false, isEditor: true, membership: null } })).toBe(true);
    expect(
      canViewPost({ post: { fanclubId: 1, planId: null, planPrice: null }, viewer: { isOwner: false, isEditor: false, membership: null } }),
    ).toBe(true);
  });
});

describe("who may edit a post (spec §4, §6)", () => {
  const base = { isPublish: true, editorUserId: null, ownerId: 1 };
  const editor = (id: number, ...perms: Array<"postable" | "postable_drafts">) => ({ id, editorPermissions: new Set(perms) });
  it("follows the edit scope and the editor's right to post", () => {
    expect(canEditPost({ post: { ...base, editScope: "editable_owner_only" }, user: { id: 1, editorPermissions: null } })).toBe(true);
    expect(canEditPost({ post: { ...base, editScope: "editable_owner_only" }, user: editor(5, "postable") })).toBe(false);
    expect(canEditPost({ post: { ...base, editScope: "editable_all_editors" }, user: editor(5, "postable") })).toBe(true);
    expect(canEditPost({ post: { ...base, editScope: "editable_owner_or_edit_user", editorUserId: 5 }, user: editor(5, "postable") })).toBe(
      true,
    );
    expect(canEditPost({ post: { ...base, editScope: "editable_owner_or_edit_user", editorUserId: 6 }, user: editor(5, "postable") })).toBe(
      false,
    );
    // drafts-only editors edit drafts, not published posts
    expect(canEditPost({ post: { ...base, editScope: "editable_all_editors" }, user: editor(5, "postable_drafts") })).toBe(false);
    expect(
      canEditPost({ post: { ...base, isPublish: false, editScope: "editable_all_editors" }, user: editor(5, "postable_drafts") }),
    ).toBe(true);
    expect(canEditPost({ post: { ...base, editScope: "editable_all_editors" }, user: { id: 9, editorPermissions: null } })).toBe(false);
  });
});

describe("tweet share (spec §9: 140 characters with hashtags)", () => {
  it("keeps hashtags and the URL and shortens the title with an ellipsis", () => {
    const url = "https://www.fanclub.example/fanclubs/1/posts/22";
    const text = tweetText({ title: "あ".repeat(200), url, hashtags: ["#星空", "ファンクラブ"] });
    const [title, tags, link] = text.split("\n");
    expect(tags).toBe("#星空 #ファンクラブ");
    expect(link).toBe(url);
    expect(title!.endsWith("…")).toBe(true);
    // URLs count as 23 characters on Twitter
    expect([...title!].length + 1 + [...tags!].length + 1 + 23).toBe(140);
  });

  it("leaves a short title whole", () => {
    expect(tweetText({ title: "新しい写真", url: "https://x.example/p", hashtags: [] })).toBe("新しい写真\nhttps://x.example/p");
  });
});

describe("file names readers see", () => {
  const file = { id: 42, filename: "山田花子_最終版.ZIP" };
  it("shows and downloads the original name only when the post shows file names", () => {
    expect(readerFileName(true, file)).toBe("山田花子_最終版.ZIP");
    expect(downloadFileName(true, file)).toBe("山田花子_最終版.ZIP");
    expect(readerFileName(false, file)).toBeNull();
    expect(downloadFileName(false, file)).toBe("attachment-42.zip");
  });

  it("keeps only a plain extension in the neutral name", () => {
    expect(downloadFileName(false, { id: 7, filename: "no-extension" })).toBe("attachment-7");
    expect(downloadFileName(false, { id: 7, filename: "x.秘密" })).toBe("attachment-7");
    expect(downloadFileName(false, { id: 7, filename: "x.verylongextension" })).toBe("attachment-7");
  });
});
