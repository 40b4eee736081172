import { describe, expect, it } from "vitest";
import { httpApiSender, outboxSender, senderFor } from "../../server/integrations/email/sender";

describe("e-mail senders", () => {
  it("keeps mail in the outbox locally and never pretends to send in production without a sender", () => {
    expect(senderFor({ ENVIRONMENT: "development" })).toBe(outboxSender);
    expect(senderFor({ ENVIRONMENT: "production" })).toBeNull();
    expect(senderFor({ ENVIRONMENT: "production", EMAIL_API_URL: "https://mail.example/send", EMAIL_API_KEY: "k" })?.name).toBe("http-api");
  });

  it("posts the message to the configured API with its key, and fails on a refusal", async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const sender = httpApiSender({
      url: "https://mail.example/send",
      key: "secret-key",
      from: "no-reply@fanclub.example",
      fetcher: (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response(null, { status: seen.length === 1 ? 202 : 500 });
      }) as unknown as typeof fetch,
    });
    await sender.send({ toAddress: "aoi@example.com", subject: "件名", textBody: "本文" });
    expect(new Headers(seen[0]!.init.headers).get("authorization")).toBe("Bearer secret-key");
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      from: "no-reply@fanclub.example",
      to: "aoi@example.com",
      subject: "件名",
      text: "本文",
    });
    await expect(sender.send({ toAddress: "b@example.com", subject: "s", textBody: "t" })).rejects.toThrow(/500/);
  });
});
