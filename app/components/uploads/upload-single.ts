import { callApi } from "~/lib/api";
import type { UploadKind } from "../../../server/domain/posts";

/**
 * One small file (a blog's inline image, ≤ 20 MB) through the same multipart flow as the
 * uploader, without the uploader: issue, PUT each part to its signed URL, complete. The browser
 * shows the picked file itself until the post is saved and read back with a signed link.
 */
export async function uploadSingleFile(file: File, kind: UploadKind): Promise<{ key: string; url: string }> {
  const issued = await callApi<{ file: { id: number; key: string }; partSize: number }>("/me/fanclub/uploads", {
    method: "POST",
    body: { kind, filename: file.name, size: file.size, contentType: file.type || "application/octet-stream", existingCount: 0 },
  });
  if (!issued.success) throw new Error(issued.payload.message);
  const { file: target, partSize } = issued.payload;
  const parts: { PartNumber: number; ETag: string }[] = [];
  for (let n = 1, offset = 0; offset < file.size; n++, offset += partSize) {
    const signed = await callApi<{ url: string; headers?: Record<string, string> }>(`/me/fanclub/uploads/${target.id}/parts/${n}`, {
      method: "POST",
      body: {},
    });
    if (!signed.success) throw new Error(signed.payload.message);
    const res = await fetch(signed.payload.url, {
      method: "PUT",
      body: file.slice(offset, offset + partSize),
      headers: signed.payload.headers,
    });
    if (!res.ok) throw new Error(String(res.status));
    parts.push({ PartNumber: n, ETag: res.headers.get("etag") ?? "" });
  }
  const done = await callApi<{ item: { id: number } }>(`/me/fanclub/uploads/${target.id}/complete`, { method: "POST", body: { parts } });
  if (!done.success) throw new Error(done.payload.message);
  return { key: target.key, url: URL.createObjectURL(file) };
}
