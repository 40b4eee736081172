import { describe, expect, it } from "vitest";
import {
  MESSAGE_IMAGE,
  MESSAGE_RATE,
  MESSAGE_TEXT_MAX,
  decodeThreadCursor,
  encodeThreadCursor,
  isUnread,
  messageImageCheck,
  messageRateWait,
  messageTextError,
  normaliseMessageText,
  parseAudience,
  parseBeforeId,
  stripImageMetadata,
  writeRefusal,
  type PairState,
} from "../../server/domain/messages";

const open: PairState = { blockedByClub: false, clubMutedByFan: false, clubOpen: true, fanActive: true };

describe("message text", () => {
  it("allows up to the documented limit, counted in characters", () => {
    expect(MESSAGE_TEXT_MAX).toBe(2000);
    expect(messageTextError("あ".repeat(2000), false)).toBeNull();
    expect(messageTextError("あ".repeat(2001), false)).toBe("tooLong");
    // an emoji is one character, not two UTF-16 units
    expect(messageTextError("😀".repeat(2000), false)).toBeNull();
  });

  it("refuses an empty message unless it carries an image", () => {
    expect(messageTextError(normaliseMessageText("  \r\n "), false)).toBe("empty");
    expect(messageTextError("", true)).toBeNull();
    expect(normaliseMessageText(" a\r\nb ")).toBe("a\nb");
    expect(normaliseMessageText(null)).toBe("");
  });
});

describe("who may write", () => {
  it("lets both sides write in an open pair", () => {
    expect(writeRefusal("fan", open)).toBeNull();
    expect(writeRefusal("club", open)).toBeNull();
  });

  it("keeps a fan the fan club blocked from writing and from receiving", () => {
    const blocked = { ...open, blockedByClub: true };
    expect(writeRefusal("fan", blocked)).toBe("blocked");
    expect(writeRefusal("club", blocked)).toBe("blocked");
  });

  it("stops the fan club's messages to a fan who blocked them, but not the fan's own", () => {
    const muted = { ...open, clubMutedByFan: true };
    expect(writeRefusal("club", muted)).toBe("muted");
    expect(writeRefusal("fan", muted)).toBeNull();
  });

  it("refuses closed fan clubs and people who left", () => {
    expect(writeRefusal("fan", { ...open, clubOpen: false })).toBe("closed");
    expect(writeRefusal("club", { ...open, fanActive: false })).toBe("gone");
  });
});

describe("rate limits", () => {
  const now = 10 * 24 * 3600_000;
  it("allows a burst per minute, then asks to wait until the oldest leaves the minute", () => {
    const times = Array.from({ length: MESSAGE_RATE.minute.max - 1 }, (_, i) => now - 30_000 + i);
    expect(messageRateWait(times, now)).toBeNull();
    const full = [...times, now - 1000];
    expect(messageRateWait(full, now)).toBe(30_000);
  });

  it("caps a day", () => {
    const day = Array.from({ length: MESSAGE_RATE.day.max }, (_, i) => now - 23 * 3600_000 + i * 1000);
    const wait = messageRateWait(day, now);
    expect(wait).toBe(3600_000);
  });
});

describe("images", () => {
  const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  it("accepts the album types up to 20 MB and refuses others by their bytes", () => {
    expect(messageImageCheck(jpegHead, MESSAGE_IMAGE.maxBytes)).toMatchObject({ ok: true });
    expect(messageImageCheck(jpegHead, MESSAGE_IMAGE.maxBytes + 1)).toEqual({ ok: false, error: "size" });
    expect(messageImageCheck(new TextEncoder().encode("RIFF....WEBPVP8 "), 100)).toEqual({ ok: false, error: "type" });
    expect(messageImageCheck(new TextEncoder().encode("<svg></svg>"), 100)).toEqual({ ok: false, error: "type" });
  });

  it("removes EXIF (with GPS) from a JPEG and keeps the image data", () => {
    const exif = [0xff, 0xe1, 0x00, 0x0c, ...new TextEncoder().encode("Exif\0\0GPS!")];
    const jfif = [0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46];
    const scan = [0xff, 0xda, 0x00, 0x02, 1, 2, 3, 0xff, 0xd9];
    const input = new Uint8Array([0xff, 0xd8, ...jfif, ...exif, 0xff, 0xfe, 0x00, 0x04, 0x41, 0x42, ...scan]);
    const out = stripImageMetadata(input, "image/jpeg")!;
    expect([...out]).toEqual([0xff, 0xd8, ...jfif, ...scan]);
    expect(new TextDecoder().decode(out)).not.toContain("GPS");
  });

  it("removes text and eXIf chunks from a PNG", () => {
    const chunk = (type: string, data: number[]) => [0, 0, 0, data.length, ...new TextEncoder().encode(type), ...data, 0, 0, 0, 0];
    const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const ihdr = chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
    const input = new Uint8Array([
      ...sig,
      ...ihdr,
      ...chunk("eXIf", [1, 2]),
      ...chunk("tEXt", [65]),
      ...chunk("IDAT", [9]),
      ...chunk("IEND", []),
    ]);
    const out = stripImageMetadata(input, "image/png")!;
    expect([...out]).toEqual([...sig, ...ihdr, ...chunk("IDAT", [9]), ...chunk("IEND", [])]);
  });

  it("refuses a file it cannot parse rather than keep its metadata", () => {
    expect(stripImageMetadata(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), "image/jpeg")).toBeNull();
  });
});

describe("read state", () => {
  it("marks a side unread when the other side wrote after what it read", () => {
    const t = { lastFanMessageId: 5, lastClubMessageId: 7, fanReadId: 5, clubReadId: 5 };
    expect(isUnread("fan", t)).toBe(true);
    expect(isUnread("club", t)).toBe(false);
    expect(isUnread("fan", { ...t, fanReadId: 7 })).toBe(false);
  });
});

describe("paging", () => {
  it("round-trips the thread cursor and ignores junk", () => {
    expect(decodeThreadCursor(encodeThreadCursor({ lastMessageAt: 1700000000000, id: 42 }))).toEqual({
      lastMessageAt: 1700000000000,
      id: 42,
    });
    expect(decodeThreadCursor("1_2;drop")).toBeNull();
    expect(parseBeforeId("12")).toBe(12);
    expect(parseBeforeId("-1")).toBeNull();
  });
});

describe("audience of a message to many", () => {
  it("takes followers, or the fan club's own plans only", () => {
    expect(parseAudience("followers", [], [1])).toEqual({ kind: "followers" });
    expect(parseAudience("plans", ["2", "1", "2"], [1, 2, 3])).toEqual({ kind: "plans", planIds: [1, 2] });
    expect(parseAudience("plans", ["9"], [1, 2])).toBeNull();
    expect(parseAudience("plans", [], [1])).toBeNull();
    expect(parseAudience("everyone", [], [1])).toBeNull();
  });
});
