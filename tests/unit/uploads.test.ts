import { describe, expect, it } from "vitest";
import { uploadProblem } from "../../server/domain/posts";
import {
  MAX_PARTS,
  MIN_PART_SIZE,
  acceptFor,
  completeParts,
  contentTypeFor,
  formatLimit,
  partCount,
  partLength,
  partSizeFor,
  uploadFingerprint,
  uploadKey,
} from "../../server/domain/uploads";
import { parseListParts } from "../../server/uploads/part-signer";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe("part size", () => {
  it("is 5 MiB for everything a post takes, the minimum S3 and R2 allow", () => {
    expect(partSizeFor(1)).toBe(MIN_PART_SIZE);
    expect(partSizeFor(50 * 1000 * 1000)).toBe(5 * MiB);
    expect(partSizeFor(3 * GiB)).toBe(5 * MiB);
    expect(partCount(50 * 1000 * 1000)).toBe(10);
    expect(partCount(3 * GiB)).toBe(615);
  });

  it("grows in whole MiB once 5 MiB parts would exceed 10,000 parts", () => {
    const size = 60 * GiB;
    expect(partSizeFor(size)).toBe(7 * MiB);
    expect(partCount(size)).toBeLessThanOrEqual(MAX_PARTS);
    expect(partCount(MAX_PARTS * 5 * MiB)).toBe(MAX_PARTS);
    expect(partCount(MAX_PARTS * 5 * MiB + 1)).toBeLessThanOrEqual(MAX_PARTS);
  });

  it("gives every part but the last the part size and the last the rest", () => {
    const size = 12 * MiB + 3;
    expect([1, 2, 3].map((n) => partLength(size, n))).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 3]);
    expect(partLength(size, 4)).toBeNull();
    expect(partLength(size, 0)).toBeNull();
    expect(partLength(10 * MiB, 2)).toBe(5 * MiB);
    // a small file is one part, shorter than the minimum, as S3 allows for the last part
    expect(partLength(1000, 1)).toBe(1000);
  });
});

describe("completion list", () => {
  it("takes parts 1..n in any order and strips S3's quotes from the ETags", () => {
    expect(
      completeParts(11 * MiB, [
        { PartNumber: 3, ETag: '"c"' },
        { PartNumber: 1, ETag: '"a"' },
        { PartNumber: 2, ETag: "b" },
      ]),
    ).toEqual([
      { partNumber: 1, etag: "a" },
      { partNumber: 2, etag: "b" },
      { partNumber: 3, etag: "c" },
    ]);
  });

  it("refuses a list that cannot make up the file", () => {
    const size = 11 * MiB;
    expect(
      completeParts(size, [
        { PartNumber: 1, ETag: "a" },
        { PartNumber: 2, ETag: "b" },
      ]),
    ).toBeNull();
    expect(
      completeParts(size, [
        { PartNumber: 1, ETag: "a" },
        { PartNumber: 1, ETag: "a" },
        { PartNumber: 3, ETag: "c" },
      ]),
    ).toBeNull();
    expect(
      completeParts(size, [
        { PartNumber: 1, ETag: "a" },
        { PartNumber: 2, ETag: "" },
        { PartNumber: 3, ETag: "c" },
      ]),
    ).toBeNull();
    expect(
      completeParts(size, [
        { PartNumber: 2, ETag: "a" },
        { PartNumber: 3, ETag: "b" },
        { PartNumber: 4, ETag: "c" },
      ]),
    ).toBeNull();
  });
});

describe("stored objects", () => {
  it("live under the fan club's posts prefix with the server's random name", () => {
    expect(uploadKey(12, "Xy_9", "mp4")).toBe("posts/12/Xy_9.mp4");
  });

  it("get the content type of their extension, never a declared one", () => {
    expect(contentTypeFor("mp4")).toBe("video/mp4");
    expect(contentTypeFor("jpeg")).toBe("image/jpeg");
    expect(contentTypeFor("html")).toBe("application/octet-stream");
  });
});

describe("what the dropzone says", () => {
  it("writes limits the way the messages show them", () => {
    expect(formatLimit(20 * MiB)).toBe("20MB");
    expect(formatLimit(3 * GiB)).toBe("3GB");
  });

  it("accepts a kind's extensions, and blog images follow the picture rules", () => {
    expect(acceptFor("picture")).toBe(".jpg,.jpeg,.png,.gif");
    expect(uploadProblem("blog_image", { filename: "a.png", size: 20 * MiB }, 50)).toBeNull();
    expect(uploadProblem("blog_image", { filename: "a.png", size: 20 * MiB + 1 }, 0)).toBe("tooLarge");
    expect(uploadProblem("blog_image", { filename: "a.mp4", size: 1 }, 0)).toBe("badType");
  });

  it("recognizes the same file in the same list after a reload, and only that", () => {
    const file = { name: "live.mp4", size: 3 * GiB, lastModified: 1_700_000_000_000 };
    expect(uploadFingerprint(file, "streaming")).toBe(uploadFingerprint({ ...file }, "streaming"));
    expect(uploadFingerprint(file, "streaming")).not.toBe(uploadFingerprint(file, "attachment"));
    expect(uploadFingerprint(file, "streaming")).not.toBe(uploadFingerprint({ ...file, lastModified: 1 }, "streaming"));
  });
});

describe("S3 ListParts", () => {
  it("reads part numbers, ETags and sizes, and the marker of the next page", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ListPartsResult><Bucket>b</Bucket><Key>posts/1/a.mp4</Key><UploadId>u</UploadId>
<NextPartNumberMarker>2</NextPartNumberMarker><IsTruncated>true</IsTruncated>
<Part><PartNumber>1</PartNumber><LastModified>2026-01-01T00:00:00.000Z</LastModified><ETag>&quot;aa&quot;</ETag><Size>5242880</Size></Part>
<Part><PartNumber>2</PartNumber><ETag>"bb"</ETag><Size>5242880</Size></Part>
</ListPartsResult>`;
    expect(parseListParts(xml)).toEqual({
      parts: [
        { PartNumber: 1, ETag: '"aa"', Size: 5242880 },
        { PartNumber: 2, ETag: '"bb"', Size: 5242880 },
      ],
      nextMarker: "2",
    });
    expect(parseListParts("<ListPartsResult><IsTruncated>false</IsTruncated></ListPartsResult>")).toEqual({ parts: [], nextMarker: null });
  });
});
