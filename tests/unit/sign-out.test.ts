import { afterEach, describe, expect, it, vi } from "vitest";

// app/lib/api: while the page signs its person out, calls of the page (the sidebar's list loads
// once the page is interactive) must not reach the server, where they could only meet a 401.
async function freshApi() {
  vi.resetModules();
  return import("../../app/lib/api");
}

function answering(signOutOk: boolean) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${url}`);
    if (url.endsWith("/auth/sign_out")) return Response.json({ success: signOutOk }, { status: signOutOk ? 200 : 500 });
    return Response.json({ success: true, payload: { fanclubs: [] } });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

const settled = (p: Promise<unknown>) => Promise.race([p.then(() => "answered"), new Promise((r) => setTimeout(() => r("waiting"), 20))]);

afterEach(() => vi.unstubAllGlobals());

describe("signing out and the page's other API calls", () => {
  it("holds a call made after a confirmed sign-out: it never reaches the server", async () => {
    const calls = answering(true);
    const api = await freshApi();
    expect(await api.signOut()).toBe(true);
    expect(await settled(api.callApi("/fanclubs/sidemenu"))).toBe("waiting");
    expect(calls).toEqual(["DELETE /api/v1/auth/sign_out"]);
  });

  it("holds a call made while the sign-out is on its way", async () => {
    const calls = answering(true);
    const api = await freshApi();
    const out = api.signOut();
    const call = api.callApi("/fanclubs/sidemenu");
    expect(await out).toBe(true);
    expect(await settled(call)).toBe("waiting");
    expect(calls).toEqual(["DELETE /api/v1/auth/sign_out"]);
  });

  it("lets calls go ahead when the sign-out failed (the person is still signed in)", async () => {
    const calls = answering(false);
    const api = await freshApi();
    expect(await api.signOut()).toBe(false);
    const res = await api.callApi<{ fanclubs: unknown[] }>("/fanclubs/sidemenu");
    expect(res.success).toBe(true);
    expect(calls).toEqual(["DELETE /api/v1/auth/sign_out", "GET /api/v1/fanclubs/sidemenu"]);
  });
});
