import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchingStore, namespacesOfRouteModules } from "../../app/lib/i18n";

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
  return { calls, answer: (url: string, body: unknown) => waiting.get(url)?.(body) };
}

describe("browser translation store", () => {
  it("keeps every namespace when they arrive at the same time, in any order", async () => {
    const net = controlledFetch();
    const store = fetchingStore("en");
    const loading = store.load(["common", "help"]);
    await Promise.resolve();
    net.answer("/locales/en/help.json", { title: "Help" });
    net.answer("/locales/en/common.json", { ok: "OK" });
    await loading;
    expect(store.snapshot()).toEqual({ common: { ok: "OK" }, help: { title: "Help" } });
  });

  it("fetches a namespace once, and tells subscribers when it arrives", async () => {
    const net = controlledFetch();
    const store = fetchingStore("ko");
    const listener = vi.fn();
    store.subscribe(listener);
    const a = store.load(["help"]);
    const b = store.load(["help"]);
    await Promise.resolve();
    net.answer("/locales/ko/help.json", {});
    await Promise.all([a, b]);
    expect(net.calls).toEqual(["/locales/ko/help.json"]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("collects the namespaces the page's routes declare", () => {
    expect(namespacesOfRouteModules({ root: { handle: { i18n: ["common"] } }, page: { handle: { i18n: "help" } }, other: {} })).toEqual(["common", "help"]);
  });
});
