import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../server/worker";
import type { JobMessage } from "../../server/jobs/messages";
import { mediaSigningSecret } from "../../server/config";
import { signPath } from "../../server/security/signed-url";
import { at, confirmedAccount } from "./accounts-fixture";
import type { TestBrowser } from "./browser";
import { insertEditor, insertFanclub } from "./fanclub-fixture";
import { hosts } from "./helpers";

const MiB = 1024 * 1024;
const UPLOADS = "/api/v1/me/fanclub/uploads";
const json = { "x-requested-with": "XMLHttpRequest", accept: "application/json", "content-type": "application/json" };

interface Envelope<T> {
  success: boolean;
  payload: T & { message?: string };
}
interface Issued {
  file: { id: number; key: string; uploadId: string; filename: string };
  partSize: number;
}

async function call<T>(b: TestBrowser, method: string, path: string, body?: unknown) {
  const res = await b.request(at(hosts.www, `${UPLOADS}${path}`), {
    method,
    headers: json,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const issue = (b: TestBrowser, input: { kind: string; filename: string; size: number; existingCount?: number }) =>
  call<Issued>(b, "POST", "", { contentType: "application/octet-stream", ...input });

/** A creator signed in with their own open fan club. */
async function creator(prefix: string) {
  const owner = await confirmedAccount({ name: "アップローダー", prefix });
  const fanclubId = await insertFanclub(owner.id, { name: `アップロード${prefix}` });
  return { b: owner.b, id: owner.id, fanclubId };
}

/**
 * The bytes of a generated file, made part by part (never the whole file at once): an MP4
 * `ftyp` box first, then a pattern that depends on the offset, so a misplaced part shows.
 */
function bytesAt(offset: number, length: number, header: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = ((offset + i) * 31 + 7) & 0xff;
  if (offset < header.length) out.set(header.subarray(offset, Math.min(header.length, offset + length)), 0);
  return out;
}
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, ...new TextEncoder().encode("isom")]);

/** Asks the API for a part URL and PUTs the part there, as the browser does. */
async function sendPart(b: TestBrowser, fileId: number, partNumber: number, body: BodyInit, length: number) {
  const signed = await call<{ url: string }>(b, "POST", `/${fileId}/parts/${partNumber}`);
  expect(signed.status).toBe(200);
  return SELF.fetch(at(hosts.www, signed.body.payload.url), { method: "PUT", body, headers: { "content-length": String(length) } });
}

function partRange(size: number, partSize: number, partNumber: number) {
  const offset = (partNumber - 1) * partSize;
  return { offset, length: Math.min(partSize, size - offset) };
}

const fileRow = (id: number) =>
  env.DB.prepare("SELECT status, completed_at, upload_id, r2_key, size FROM post_files WHERE id = ?")
    .bind(id)
    .first<{ status: string; completed_at: number | null; upload_id: string | null; r2_key: string; size: number }>();
const partRows = async (id: number) =>
  (
    await env.DB.prepare("SELECT part_number FROM upload_parts WHERE file_id = ? ORDER BY part_number")
      .bind(id)
      .all<{ part_number: number }>()
  ).results.map((r) => r.part_number);

describe("a 50 MB video in parts", () => {
  it("goes up in 5 MiB parts, survives one part failing once, completes and is stored", async () => {
    const { b, fanclubId } = await creator("big");
    const size = 50 * 1000 * 1000;
    const issued = await issue(b, { kind: "streaming", filename: "ライブ映像.mp4", size });
    expect(issued.status).toBe(200);
    const { file, partSize } = issued.body.payload;
    expect(partSize).toBe(5 * MiB);
    expect(file.key).toMatch(new RegExp(`^posts/${fanclubId}/[\\w-]+\\.mp4$`));
    expect(file.filename).toBe("ライブ映像.mp4");
    const parts = Math.ceil(size / partSize);
    expect(parts).toBe(10);

    const etags: Array<{ PartNumber: number; ETag: string }> = [];
    for (let n = 1; n <= parts; n++) {
      const { offset, length } = partRange(size, partSize, n);
      if (n === 3) {
        // the connection drops after 1 MiB: the body ends before its declared length
        let sent = false;
        const broken = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent) return controller.error(new Error("connection reset"));
            sent = true;
            controller.enqueue(bytesAt(offset, MiB, MP4));
          },
        });
        const failed = await sendPart(b, file.id, n, broken, length).catch(() => null);
        expect(failed === null || failed.status >= 400).toBe(true);
        expect(await partRows(file.id)).not.toContain(3);
      }
      const res = await sendPart(b, file.id, n, bytesAt(offset, length, MP4), length);
      expect(res.status).toBe(200);
      const etag = res.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]+"$/);
      etags.push({ PartNumber: n, ETag: etag! });
    }
    expect(await partRows(file.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const done = await call<{ item: Record<string, unknown> }>(b, "POST", `/${file.id}/complete`, { parts: etags });
    expect(done.status).toBe(200);
    expect(done.body.payload.item).toEqual({
      id: file.id,
      filename: "ライブ映像.mp4",
      kind: "streaming",
      size,
      isLoading: false,
      isPublish: true,
    });
    expect(await fileRow(file.id)).toMatchObject({ status: "stored" });
    expect((await fileRow(file.id))?.completed_at).not.toBeNull();
    expect(await partRows(file.id)).toEqual([]);

    const object = await env.MEDIA.head(file.key);
    expect(object?.size).toBe(size);
    expect(object?.httpMetadata?.contentType).toBe("video/mp4");
    // the retried part landed where it belongs
    const third = await env.MEDIA.get(file.key, { range: { offset: 2 * partSize, length: 64 } });
    expect(new Uint8Array(await third!.arrayBuffer())).toEqual(bytesAt(2 * partSize, 64, MP4));

    // a completion sent again (its answer was lost) gets the same answer
    const again = await call<{ item: { id: number } }>(b, "POST", `/${file.id}/complete`, { parts: etags });
    expect(again.status).toBe(200);
    expect(again.body.payload.item.id).toBe(file.id);
  }, 60_000);

  it("lists the finished parts after an interruption, so a reload sends only the rest", async () => {
    const { b } = await creator("resume");
    const size = 12 * MiB;
    const { file, partSize } = (await issue(b, { kind: "attachment", filename: "clip.mov", size })).body.payload;
    for (const n of [1, 2]) {
      const { offset, length } = partRange(size, partSize, n);
      expect((await sendPart(b, file.id, n, bytesAt(offset, length, MP4), length)).status).toBe(200);
    }
    const listed = await call<{ parts: Array<{ PartNumber: number; ETag: string; Size: number }> }>(b, "GET", `/${file.id}/parts`);
    expect(listed.status).toBe(200);
    expect(listed.body.payload.parts.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB],
    ]);
    expect(listed.body.payload.parts.every((p) => p.ETag.length > 0)).toBe(true);

    // the reloaded page finds its upload and sends what is missing
    const { offset, length } = partRange(size, partSize, 3);
    expect(length).toBe(2 * MiB);
    expect((await sendPart(b, file.id, 3, bytesAt(offset, length, MP4), length)).status).toBe(200);
    const done = await call(b, "POST", `/${file.id}/complete`, {});
    expect(done.status).toBe(200);
    expect((await env.MEDIA.head(file.key))?.size).toBe(size);
  });

  it("refuses to complete while a part is missing, and the upload stays open", async () => {
    const { b } = await creator("missing");
    const size = 11 * MiB;
    const { file, partSize } = (await issue(b, { kind: "streaming", filename: "a.mp4", size })).body.payload;
    const { offset, length } = partRange(size, partSize, 1);
    await sendPart(b, file.id, 1, bytesAt(offset, length, MP4), length);
    const res = await call(b, "POST", `/${file.id}/complete`, {});
    expect(res.status).toBe(400);
    expect(res.body.payload.message).toBe("ファイルのアップロードに失敗しました。");
    expect((await fileRow(file.id))?.status).toBe("uploading");
  });
});

describe("what the server refuses", () => {
  it("a file whose bytes do not match its extension is deleted and rejected at completion", async () => {
    const { b } = await creator("fake");
    // a "PNG" that is really a JPEG
    const bytes = new Uint8Array(4096);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const { file } = (await issue(b, { kind: "picture", filename: "photo.png", size: bytes.length })).body.payload;
    expect((await sendPart(b, file.id, 1, bytes, bytes.length)).status).toBe(200);
    const res = await call(b, "POST", `/${file.id}/complete`, {});
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.payload.message).toBe("このファイル形式は使用できません。");
    expect((await fileRow(file.id))?.status).toBe("rejected");
    expect(await env.MEDIA.head(file.key)).toBeNull();
    // and nothing can be sent to it any more
    expect((await call(b, "POST", `/${file.id}/parts/1`)).status).toBe(409);
  });

  it("a declared size or type beyond the limits is refused before anything is stored", async () => {
    const { b, fanclubId } = await creator("limits");
    const tooBigPicture = await issue(b, { kind: "picture", filename: "a.jpg", size: 21 * 1000 * 1000 });
    expect(tooBigPicture.status).toBe(413);
    expect(tooBigPicture.body.payload.message).toBe("ファイルサイズは20MB以内にしてください。");
    const tooBigVideo = await issue(b, { kind: "streaming", filename: "a.mp4", size: 3 * 1024 * MiB + 1 });
    expect(tooBigVideo.status).toBe(413);
    expect(tooBigVideo.body.payload.message).toBe("ファイルサイズは3GB以内にしてください。");
    const badType = await issue(b, { kind: "streaming", filename: "setup.exe", size: 1000 });
    expect(badType.status).toBe(415);
    expect(badType.body.payload.message).toBe("このファイル形式は使用できません。");
    const tooMany = await issue(b, { kind: "picture", filename: "a.jpg", size: 1000, existingCount: 10 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.payload.message).toBe("アップロード可能なファイル数: 10を超えています。");

    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM post_files WHERE fanclub_id = ?").bind(fanclubId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
    expect((await env.MEDIA.list({ prefix: `posts/${fanclubId}/` })).objects).toEqual([]);
  });

  it("a part URL that expired, was altered or names another part gets 403", async () => {
    const { b } = await creator("sig");
    const bytes = bytesAt(0, 2048, MP4);
    const { file } = (await issue(b, { kind: "streaming", filename: "a.mp4", size: bytes.length })).body.payload;
    const put = (url: string) =>
      SELF.fetch(at(hosts.www, url), { method: "PUT", body: bytes, headers: { "content-length": String(bytes.length) } });
    const path = `/uploads/parts/${file.id}/1`;

    const expired = `${path}?${await signPath(mediaSigningSecret(env), path, Date.now() - 1000)}`;
    expect((await put(expired)).status).toBe(403);
    const forged = `${path}?${await signPath("someone-elses-secret", path, Date.now() + 60_000)}`;
    expect((await put(forged)).status).toBe(403);
    const signed = (await call<{ url: string }>(b, "POST", `/${file.id}/parts/1`)).body.payload.url;
    expect((await put(signed.replace(`/${file.id}/1?`, `/${file.id}/2?`))).status).toBe(403);
    expect((await put(signed.replace(/exp=\d+/, `exp=${Date.now() + 10 * 24 * 3600_000}`))).status).toBe(403);
    expect((await put(path)).status).toBe(403);
    expect(await partRows(file.id)).toEqual([]);

    expect((await put(signed)).status).toBe(200);
  });

  it("another fan club's file is not found, whatever is asked of it", async () => {
    const owner = await creator("mine");
    const other = await creator("other");
    const { file } = (await issue(owner.b, { kind: "streaming", filename: "a.mp4", size: 1000 })).body.payload;
    expect((await call(other.b, "GET", `/${file.id}/parts`)).status).toBe(404);
    expect((await call(other.b, "POST", `/${file.id}/parts/1`)).status).toBe(404);
    expect((await call(other.b, "POST", `/${file.id}/complete`, {})).status).toBe(404);
    expect((await call(other.b, "DELETE", `/${file.id}`)).status).toBe(404);
    expect((await fileRow(file.id))?.status).toBe("uploading");
  });

  it("editors upload with postable or postable_drafts and are refused without either", async () => {
    const { fanclubId } = await creator("team");
    const cases: Array<[string, Parameters<typeof insertEditor>[2], number]> = [
      ["drafts", ["postable_drafts"], 200],
      ["publish", ["postable"], 200],
      ["talks", ["commentable", "can_talk_manage", "can_product_manage"], 403],
    ];
    for (const [prefix, permissions, status] of cases) {
      const editor = await confirmedAccount({ name: "編集者", prefix: `ed${prefix}` });
      await insertEditor(fanclubId, editor.id, permissions);
      const res = await issue(editor.b, { kind: "picture", filename: "a.jpg", size: 1000 });
      expect([prefix, res.status]).toEqual([prefix, status]);
      if (status === 200) {
        const row = await env.DB.prepare("SELECT fanclub_id, uploader_id FROM post_files WHERE id = ?")
          .bind((res.body.payload as unknown as Issued).file.id)
          .first();
        expect(row).toEqual({ fanclub_id: fanclubId, uploader_id: editor.id });
      }
    }
    const fan = await confirmedAccount({ prefix: "nofc" });
    expect((await issue(fan.b, { kind: "picture", filename: "a.jpg", size: 1000 })).status).toBe(403);
  });

  it("mutations need X-Requested-With", async () => {
    const { b } = await creator("xhr");
    const res = await b.request(at(hosts.www, UPLOADS), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "picture", filename: "a.jpg", size: 1 }),
    });
    expect(res.status).toBe(403);
  });
});

describe("removing and cleaning up", () => {
  it("DELETE aborts an upload in progress", async () => {
    const { b } = await creator("abort");
    const size = 6 * MiB;
    const { file } = (await issue(b, { kind: "streaming", filename: "a.mp4", size })).body.payload;
    const res = await call(b, "DELETE", `/${file.id}`);
    expect(res.status).toBe(200);
    expect((await fileRow(file.id))?.status).toBe("aborted");
    await expect(env.MEDIA.resumeMultipartUpload(file.key, file.uploadId).uploadPart(1, bytesAt(0, 5 * MiB, MP4))).rejects.toThrow();
  });

  it("the daily job aborts uploads left for a day and deletes stored files no post took in a week", async () => {
    const { b } = await creator("stale");
    const now = Date.now();
    const day = 24 * 3600_000;
    const issueOne = async () => (await issue(b, { kind: "streaming", filename: "a.mp4", size: 1000 })).body.payload.file;
    const stale = await issueOne();
    const fresh = await issueOne();
    const unused = await issueOne();
    const recent = await issueOne();
    for (const f of [unused, recent]) {
      expect((await sendPart(b, f.id, 1, bytesAt(0, 1000, MP4), 1000)).status).toBe(200);
      expect((await call(b, "POST", `/${f.id}/complete`, {})).status).toBe(200);
    }
    await env.DB.batch([
      env.DB.prepare("UPDATE post_files SET created_at = ? WHERE id = ?").bind(now - day - 60_000, stale.id),
      env.DB.prepare("UPDATE post_files SET created_at = ?, completed_at = ? WHERE id = ?").bind(now - 9 * day, now - 8 * day, unused.id),
    ]);

    const body: JobMessage = { type: "uploads-cleanup", key: `uploads-cleanup:test:${now}`, at: now };
    for (const id of ["c1", "c1-redelivered"]) {
      const batch = createMessageBatch<JobMessage>("fanclub-jobs", [{ id, timestamp: new Date(), attempts: 1, body }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([id]);
    }

    expect((await fileRow(stale.id))?.status).toBe("aborted");
    await expect(env.MEDIA.resumeMultipartUpload(stale.key, stale.uploadId).uploadPart(1, bytesAt(0, 1000, MP4))).rejects.toThrow();
    expect((await fileRow(fresh.id))?.status).toBe("uploading");
    expect((await fileRow(unused.id))?.status).toBe("aborted");
    expect(await env.MEDIA.head(unused.key)).toBeNull();
    expect((await fileRow(recent.id))?.status).toBe("stored");
    expect(await env.MEDIA.head(recent.key)).not.toBeNull();
    const beat = await env.DB.prepare("SELECT runs, detail FROM heartbeats WHERE source = 'uploads-cleanup'").first<{
      runs: number;
      detail: string;
    }>();
    expect(beat?.runs).toBe(1);
  });
});
