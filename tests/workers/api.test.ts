import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, hosts } from "./helpers";

const xhr = { "X-Requested-With": "XMLHttpRequest", "content-type": "application/json" };
const validInquiry = {
  name: "山田 花子",
  email: "hanako@example.com",
  category: "payment",
  subject: "支払い方法について",
  body: "とらコインとカードの併用はできますか？",
};

describe("/api/v1", () => {
  it("lists the brands in the {success, payload} envelope", async () => {
    const res = await api(hosts.www, "/services");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; payload: { services: Array<{ name: string; frontUrl: string; kind: string }> } };
    expect(body.success).toBe(true);
    expect(body.payload.services.map((s) => s.name)).toEqual(["Fanclub", "Fanclub Indies", "Kirameki"]);
    expect(body.payload.services[2]).toMatchObject({ frontUrl: `http://${hosts.kirameki}`, kind: "official" });
  });

  it("gives the session's service, or id -1 on a host without one", async () => {
    const brand = (await (await api(hosts.indies, "/session")).json()) as { payload: { service: { id: number; name: string } } };
    expect(brand.payload.service).toMatchObject({ id: 2, name: "Fanclub Indies" });
    const none = (await (await api(hosts.user, "/session")).json()) as { payload: { service: { id: number } } };
    expect(none.payload.service.id).toBe(-1);
  });

  it("refuses a mutating call without X-Requested-With with 403 and a localized message", async () => {
    const res = await api(hosts.www, "/help/inquiry", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "locale=en" },
      body: JSON.stringify(validInquiry),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      success: false,
      payload: { message: "Invalid request. Please reload the page and try again.", errors: [] },
    });
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM inquiries").first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("answers bad input with 400, field errors in the reader's language, and stores nothing", async () => {
    const res = await api(hosts.www, "/help/inquiry", {
      method: "POST",
      headers: xhr,
      body: JSON.stringify({ ...validInquiry, email: "not-an-address", name: "" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      success: boolean;
      payload: { message: string; errors: Array<{ message: string; target: string }> };
    };
    expect(body.success).toBe(false);
    expect(body.payload.errors).toEqual(
      expect.arrayContaining([
        { message: "有効なメールアドレスではありません。", target: "email" },
        { message: "お名前は必須項目です。", target: "name" },
      ]),
    );
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM inquiries").first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("answers malformed JSON with 400, not 500", async () => {
    const res = await api(hosts.www, "/help/inquiry", { method: "POST", headers: xhr, body: "{" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });

  it("stores a valid inquiry with the brand and language", async () => {
    const res = await api(hosts.indies, "/help/inquiry", {
      method: "POST",
      headers: { ...xhr, cookie: "locale=ko" },
      body: JSON.stringify(validInquiry),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { payload: { inquiryId: number } };
    const row = await env.DB.prepare("SELECT * FROM inquiries WHERE id = ?").bind(body.payload.inquiryId).first();
    expect(row).toMatchObject({ service_id: 2, locale: "ko", email: "hanako@example.com", status: "open" });
  });

  it("answers an unknown endpoint with a 404 envelope", async () => {
    const res = await api(hosts.www, "/nothing");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, payload: { message: expect.any(String) } });
  });
});

describe("/api/v1 sign-in guard", () => {
  // One call behind each place that asks for a signed-in person: a visitor gets the same 401
  // envelope everywhere, in their language, before anything else is read or written.
  const signedInCalls: Array<[method: string, path: string]> = [
    ["GET", "/me/carts"],
    ["POST", "/me/carts/purchase"],
    ["POST", "/me/carts/free_ticket_purchase"],
    ["PUT", "/me/fanclub/images/cover"],
    ["GET", "/fanclubs/joined"],
    ["GET", "/fanclubs/sidemenu"],
    ["GET", "/plans/expired"],
    ["GET", "/plans/joining"],
    ["POST", "/fanclubs/1/follow"],
    ["GET", "/fanclubs/1/membership"],
    ["POST", "/live_events/1/room_ticket"],
    ["PUT", "/me/user"],
    ["POST", "/plans/1/downgrade"],
    ["POST", "/me/carts/free_product_purchase"],
    ["GET", "/me/products/1/download"],
    ["GET", "/raffles/1"],
    ["POST", "/me/carts/raffle_purchase"],
    ["GET", "/me/coin_balance"],
    ["POST", "/me/coins/charge"],
    ["GET", "/webauthn"],
  ];

  it.each(signedInCalls)("%s %s answers a visitor 401 with the sign-in message", async (method, path) => {
    for (const [locale, message] of [
      ["ja", "ログインしてください。"],
      ["en", "Please log in."],
    ] as const) {
      const res = await api(hosts.user, path, {
        method,
        headers: { ...xhr, cookie: `locale=${locale}` },
        body: method === "GET" ? undefined : "{}",
      });
      expect(res.status, `${method} ${path} ${locale}`).toBe(401);
      expect(await res.json()).toEqual({ success: false, payload: { message, errors: [] } });
    }
  });
});
