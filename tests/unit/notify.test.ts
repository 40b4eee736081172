import { describe, expect, it } from "vitest";
import { channelsFromForm, dueDigests, emailRoute, groupDigest, parseChannels, parseDigest } from "../../server/domain/notify";

describe("notification channels", () => {
  it("reads stored choices over the defaults and ignores junk", () => {
    const c = parseChannels('{"message":{"push":false},"bogus":{"email":false}}');
    expect(c.message).toEqual({ inApp: true, email: true, push: false });
    expect(parseChannels("not json").live.email).toBe(true);
  });

  it("takes an unticked box as off", () => {
    const c = channelsFromForm((name) => name === "message.inApp");
    expect(c.message).toEqual({ inApp: true, email: false, push: false });
    expect(c.live.inApp).toBe(false);
  });

  it("routes e-mail now, to the digest, or nowhere", () => {
    expect(emailRoute(true, true, "none")).toBe("now");
    expect(emailRoute(true, true, parseDigest("hourly"))).toBe("digest");
    expect(emailRoute(false, true, "daily")).toBe("none");
    expect(emailRoute(true, false, "none")).toBe("none");
    expect(parseDigest("weekly")).toBe("none");
  });
});

describe("digests", () => {
  it("sends hourly digests every hour and daily ones at 08:00 JST, keyed by period", () => {
    const at0800jst = Date.UTC(2026, 10, 25, 23, 0, 0);
    expect(dueDigests(at0800jst).map((d) => d.mode)).toEqual(["hourly", "daily"]);
    expect(dueDigests(at0800jst + 5 * 60_000)).toEqual(dueDigests(at0800jst));
    expect(dueDigests(at0800jst + 3600_000).map((d) => d.mode)).toEqual(["hourly"]);
  });

  it("groups notices by kind in a fixed order, oldest first, with counts", () => {
    const groups = groupDigest([
      { kind: "newPost", text: "b", url: null, createdAt: 2 },
      { kind: "message", text: "c", url: null, createdAt: 3 },
      { kind: "newPost", text: "a", url: null, createdAt: 1 },
    ]);
    expect(groups.map((g) => [g.kind, g.count, g.items.map((i) => i.text)])).toEqual([
      ["message", 1, ["c"]],
      ["newPost", 2, ["a", "b"]],
    ]);
  });
});
