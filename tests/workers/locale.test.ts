import { describe, expect, it } from "vitest";
import { get, hosts, setCookies } from "./helpers";

describe("locale", () => {
  it("?locale=en stores the choice for 365 days and reloads the same page without the parameter", async () => {
    const res = await get(hosts.www, "/fanclubs?keywords=abc&locale=en");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/fanclubs?keywords=abc");
    const cookie = setCookies(res).find((c) => c.startsWith("locale="));
    expect(cookie).toMatch(/^locale=en;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Domain=fanclub\.localhost/i);
  });

  it("ignores an unsupported ?locale", async () => {
    const res = await get(hosts.www, "/?locale=fr");
    expect(res.status).toBe(200);
    expect(setCookies(res).some((c) => c.startsWith("locale="))).toBe(false);
  });

  it("renders in the cookie's language", async () => {
    const res = await get(hosts.www, "/", { cookie: "locale=en" });
    const html = await res.text();
    expect(html).toContain('lang="en"');
    expect(html).toContain("Support the creators you love, every month.");
  });

  it.each([
    ["zh-TW,zh;q=0.9", "zh-tw"],
    ["zh-HK", "zh-tw"],
    ["zh-Hant", "zh-tw"],
    ["zh-Hans", "zh-cn"],
    ["zh-CN,en;q=0.5", "zh-cn"],
    ["ko-KR", "ko"],
    ["fr-FR", "ja"],
  ])("Accept-Language %s renders %s", async (header, locale) => {
    const res = await get(hosts.www, "/", { "accept-language": header });
    expect(await res.text()).toContain(`lang="${locale}"`);
  });

  it("serves one namespace of one language to the browser", async () => {
    const res = await get(hosts.www, "/locales/en/common.json");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { header: { search: string } };
    expect(body.header.search).toBe("Search");
    expect((await get(hosts.www, "/locales/fr/common.json")).status).toBe(404);
    expect((await get(hosts.www, "/locales/en/secrets.json")).status).toBe(404);
  });
});
