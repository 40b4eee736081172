import { describe, expect, it } from "vitest";
import { DEMO_NOTICE_HTML, DEMO_NOTICE_SOURCE } from "../../db/seed/notices-demo.mjs";
import {
  addDismissed,
  noticeIsLive,
  parseDismissedCookie,
  parseNoticeForm,
  sanitizeNoticeHtml,
} from "../../server/domain/operator-notices";

describe("sanitizeNoticeHtml", () => {
  it("keeps a, br, p, strong, em and gives links rel=noopener noreferrer", () => {
    const html = sanitizeNoticeHtml('<p>Read <a href="https://example.com/a?b=1&c=2">this</a><br><strong>now</strong> <em>please</em></p>');
    expect(html).toBe(
      '<p>Read <a rel="noopener noreferrer" target="_blank" href="https://example.com/a?b=1&c=2">this</a><br><strong>now</strong> <em>please</em></p>',
    );
  });

  it("drops scripts, handlers, javascript: and data: links, and other tags", () => {
    const html = sanitizeNoticeHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a><a href="data:text/html,hi">y</a><a href=" JaVaScRiPt:alert(4)" onclick="z()">z</a><iframe src="https://evil"></iframe></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript|data:|<img|<iframe|alert\(/i);
    expect(html).toBe(
      '<p>Hi<a rel="noopener noreferrer" target="_blank">x</a><a rel="noopener noreferrer" target="_blank">y</a><a rel="noopener noreferrer" target="_blank">z</a></p>',
    );
  });

  it("is what the demo seed stores for its notice", () => {
    expect(sanitizeNoticeHtml(DEMO_NOTICE_SOURCE)).toBe(DEMO_NOTICE_HTML);
  });

  it("turns the small markup into links and paragraphs", () => {
    expect(sanitizeNoticeHtml("Maintenance tonight.\nDetails: [help](https://help.example/m)\n\nThanks")).toBe(
      '<p>Maintenance tonight.<br>Details: <a rel="noopener noreferrer" target="_blank" href="https://help.example/m">help</a></p><p>Thanks</p>',
    );
    expect(sanitizeNoticeHtml("[bad](javascript:alert(1))")).not.toContain("href");
  });
});

describe("parseNoticeForm", () => {
  const good = { title: "Maintenance", message: "Tonight", sizing: "large", startsAt: "2026-11-01T00:00", endsAt: "2026-11-02T00:00" };

  it("reads times as Japan time", () => {
    const r = parseNoticeForm(good);
    expect(r.ok && r.value.startsAt).toBe(Date.UTC(2026, 9, 31, 15, 0));
    expect(r.ok && r.value.sizing).toBe("large");
  });

  it("names every bad field", () => {
    const r = parseNoticeForm({
      title: " ",
      message: "<script>x</script>",
      sizing: "huge",
      startsAt: "2026-11-02T00:00",
      endsAt: "2026-11-01T00:00",
    });
    expect(r.ok ? [] : r.errors).toEqual(["title", "message", "sizing", "window"]);
    const bad = parseNoticeForm({ ...good, startsAt: "2026-02-30T00:00", endsAt: "" });
    expect(bad.ok ? [] : bad.errors).toEqual(["startsAt", "endsAt"]);
  });
});

describe("notice window and dismissal cookie", () => {
  it("shows from the start to just before the end", () => {
    expect(noticeIsLive({ startsAt: 10, endsAt: 20 }, 9)).toBe(false);
    expect(noticeIsLive({ startsAt: 10, endsAt: 20 }, 10)).toBe(true);
    expect(noticeIsLive({ startsAt: 10, endsAt: 20 }, 20)).toBe(false);
  });

  it("remembers dismissed ids and ignores junk", () => {
    expect(parseDismissedCookie("3.x.5")).toEqual([3, 5]);
    expect(addDismissed("3.5", 3)).toBe("5.3");
    expect(parseDismissedCookie(addDismissed(Array.from({ length: 60 }, (_, i) => i + 1).join("."), 99))).toHaveLength(50);
  });
});
