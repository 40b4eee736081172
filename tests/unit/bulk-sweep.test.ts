import { describe, expect, it } from "vitest";
import { BULK_STALE_MS, bulkChunkStep, bulkNeedsResume, type BulkProgress } from "../../server/domain/messages";

const at = (cursor: number, handedOn = cursor): BulkProgress => ({
  status: "sending",
  cursorUserId: cursor,
  handedOnUserId: handedOn,
  updatedAt: 0,
});

describe("bulkChunkStep: one job carries a message to many on", () => {
  it("the job standing at the cursor writes the next chunk", () => {
    expect(bulkChunkStep(at(0), 0)).toBe("run");
    expect(bulkChunkStep(at(500), 500)).toBe("run");
    // the sweep's job at a cursor whose next job was claimed but lost
    expect(bulkChunkStep(at(500, 500), 500)).toBe("run");
  });

  it("a job behind the cursor hands on only when nobody claimed the next job", () => {
    // the worker wrote the chunk, then failed to send the next job and gave the claim back
    expect(bulkChunkStep(at(1000, 500), 500)).toBe("handOn");
    // a redelivered old job, or the loser of two chains: the chain is already carried on
    expect(bulkChunkStep(at(1000, 1000), 500)).toBe("drop");
    expect(bulkChunkStep(at(1000, 1000), 0)).toBe("drop");
  });

  it("nothing is done for a delivered message or for a job ahead of the cursor", () => {
    expect(bulkChunkStep({ ...at(500), status: "sent" }, 500)).toBe("drop");
    expect(bulkChunkStep({ ...at(500, 0), status: "sent" }, 0)).toBe("drop");
    expect(bulkChunkStep(at(500), 1000)).toBe("drop");
  });
});

describe("bulkNeedsResume: the hourly sweep", () => {
  const now = 1_800_000_000_000;
  it("resumes a message still sending with no progress for the threshold", () => {
    expect(bulkNeedsResume({ status: "sending", updatedAt: now - BULK_STALE_MS }, now)).toBe(true);
    expect(bulkNeedsResume({ status: "sending", updatedAt: now - 6 * 60 * 60 * 1000 }, now)).toBe(true);
  });

  it("leaves a delivery that moved recently, and a delivered message, alone", () => {
    expect(bulkNeedsResume({ status: "sending", updatedAt: now - BULK_STALE_MS + 1 }, now)).toBe(false);
    expect(bulkNeedsResume({ status: "sending", updatedAt: now - 5_000 }, now)).toBe(false);
    expect(bulkNeedsResume({ status: "sent", updatedAt: now - 6 * 60 * 60 * 1000 }, now)).toBe(false);
  });

  it("waits well past a healthy chain's pause between two chunks", () => {
    expect(BULK_STALE_MS).toBeGreaterThanOrEqual(5 * 60 * 1000);
  });
});
