import { afterEach, describe, expect, it, vi } from "vitest";
import { createBrowserI18n, namespacesOfRouteModules, preloadNamespaces } from "../../app/lib/i18n";

afterEach(() => vi.unstubAllGlobals());

/** A fetch whose answers arrive in the order the test releases them. */
function controlledFetch() {
  const waiting = new Map<string, (body: unknown) => void>();
  const calls: string[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    calls.push(url);
    return new Promise((resolve) => {
      waiting.set(url, (body) => resolve(new Response(JSON.stringify(body), { status: 200 })));
    });
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { calls, settle, answer: (url: string, body: unknown) => waiting.get(url)?.(body) };
}

describe("browser i18next instance", () => {
  it("keeps every namespace when they arrive at the same time, in any order", async () => {
    const net = controlledFetch();
    const { i18n, ready } = createBrowserI18n("ja", ["common", "help"]);
    await net.settle();
    net.answer("/locales/ja/help.json", { title: "ヘルプ" });
    net.answer("/locales/ja/common.json", { ok: "OK" });
    await ready;
    expect(i18n.getResourceBundle("ja", "common")).toEqual({ ok: "OK" });
    expect(i18n.t("help:title")).toBe("ヘルプ");
  });

  it("fetches a namespace once, the first time it is used, in the language and in Japanese", async () => {
    const net = controlledFetch();
    const { i18n, ready } = createBrowserI18n("ko", ["common"]);
    await net.settle();
    net.answer("/locales/ko/common.json", {});
    net.answer("/locales/ja/common.json", {});
    await ready;
    expect(net.calls.sort()).toEqual(["/locales/ja/common.json", "/locales/ko/common.json"]);
    const a = preloadNamespaces(["help"]);
    const b = preloadNamespaces(["help"]);
    await net.settle();
    net.answer("/locales/ko/help.json", { title: "도움말" });
    net.answer("/locales/ja/help.json", { title: "ヘルプ" });
    await Promise.all([a, b]);
    expect(net.calls.filter((c) => c.endsWith("/help.json"))).toHaveLength(2);
    expect(i18n.t("help:title")).toBe("도움말");
  });

  it("picks English plural forms from fetched resources", async () => {
    const net = controlledFetch();
    const { i18n, ready } = createBrowserI18n("en", ["common"]);
    await net.settle();
    net.answer("/locales/en/common.json", { fans_one: "{{count}} fan", fans_other: "{{count}} fans" });
    net.answer("/locales/ja/common.json", { fans: "{{count}}人" });
    await ready;
    expect(i18n.t("fans", { count: 1 })).toBe("1 fan");
    expect(i18n.t("fans", { count: 3 })).toBe("3 fans");
    expect(i18n.language).toBe("en");
  });

  it("collects the namespaces the page's routes declare", () => {
    expect(namespacesOfRouteModules({ root: { handle: { i18n: ["common"] } }, page: { handle: { i18n: "help" } }, other: {} })).toEqual([
      "common",
      "help",
    ]);
  });
});
