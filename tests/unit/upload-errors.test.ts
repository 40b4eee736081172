import { describe, expect, it } from "vitest";
import { pickedImageProblem, storageProblemOf } from "../../server/domain/uploads";

const xml = (code: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>refused</Message></Error>`;

describe("storageProblemOf (spec §8 storage errors)", () => {
  it("asks for a smaller file when the storage answers EntityTooLarge", () => {
    expect(storageProblemOf(400, xml("EntityTooLarge"))).toBe("storageTooLarge");
    expect(storageProblemOf(413, "")).toBe("storageTooLarge");
  });
  it("reports any other storage error answer as the storage's unknown error", () => {
    expect(storageProblemOf(500, xml("InternalError"))).toBe("storageOther");
    expect(storageProblemOf(400, xml("InvalidPart"))).toBe("storageOther");
  });
  it("is not the storage's word on success or on a failure without an error answer", () => {
    expect(storageProblemOf(200, "")).toBeNull();
    expect(storageProblemOf(0, "")).toBeNull();
    expect(storageProblemOf(502, "<html>bad gateway</html>")).toBeNull();
  });
});

describe("pickedImageProblem (spec §8 image dropzone)", () => {
  it("takes one image", () => {
    expect(pickedImageProblem([{ type: "image/png" }])).toBeNull();
    expect(pickedImageProblem([])).toBeNull();
  });
  it("refuses two files at once unless the dropzone takes several", () => {
    expect(pickedImageProblem([{ type: "image/png" }, { type: "image/jpeg" }])).toBe("oneFile");
    expect(pickedImageProblem([{ type: "image/png" }, { type: "image/jpeg" }], true)).toBeNull();
  });
  it("refuses a file that is not an image", () => {
    expect(pickedImageProblem([{ type: "application/pdf" }])).toBe("notImage");
    expect(pickedImageProblem([{ type: "" }])).toBe("notImage");
  });
});
