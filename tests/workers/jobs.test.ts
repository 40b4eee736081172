import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createEmail } from "../factories";
import worker from "../../server/worker";
import type { JobMessage } from "../../server/jobs/messages";

async function heartbeat(source: string) {
  return env.DB.prepare("SELECT source, runs, detail FROM heartbeats WHERE source = ?")
    .bind(source)
    .first<{ source: string; runs: number; detail: string }>();
}

describe("cron and queue", () => {
  it("the scheduled handler records its run and enqueues a job", async () => {
    const controller = createScheduledController({ scheduledTime: Date.UTC(2026, 10, 30, 15, 5), cron: "5 15 * * *" });
    const ctx = createExecutionContext();
    worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await heartbeat("cron")).toMatchObject({ runs: 1, detail: "5 15 * * *" });
  });

  it("the queue consumer applies a job once even when it is delivered twice", async () => {
    const body: JobMessage = { type: "heartbeat", key: "heartbeat:test:1", scheduledAt: 1, cron: "5 15 * * *" };
    const message = { id: "m1", timestamp: new Date(), attempts: 1, body };
    for (const id of ["m1", "m1-redelivered"]) {
      const batch = createMessageBatch<JobMessage>("fanclub-jobs", [{ ...message, id }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([id]);
      expect(result.retryMessages).toEqual([]);
    }
    expect(await heartbeat("queue")).toMatchObject({ runs: 1, detail: "heartbeat:test:1" });
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM processed_events WHERE key = ?").bind(body.key).first<{ n: number }>();
    expect(keys?.n).toBe(1);
  });

  it("distinct jobs each take effect", async () => {
    const batch = createMessageBatch<JobMessage>("fanclub-jobs", [
      { id: "a", timestamp: new Date(), attempts: 1, body: { type: "heartbeat", key: "k:a", scheduledAt: 1, cron: "c" } },
      { id: "b", timestamp: new Date(), attempts: 1, body: { type: "heartbeat", key: "k:b", scheduledAt: 2, cron: "c" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["a", "b"]);
    expect((await heartbeat("queue"))?.runs).toBeGreaterThanOrEqual(2);
  });
});

describe("e-mail delivery job", () => {
  it("marks a stored e-mail sent once, however often the job arrives", async () => {
    const row = await createEmail(env.DB, {
      toAddress: "a@example.com",
      template: "confirm",
      locale: "ja",
      subject: "s",
      textBody: "b",
      status: "pending",
      createdAt: new Date(0),
    });
    const body: JobMessage = { type: "email", key: `email:${row!.id}`, emailId: row!.id };
    for (const id of ["e1", "e1-again"]) {
      const batch = createMessageBatch<JobMessage>("fanclub-jobs", [{ id, timestamp: new Date(), attempts: 1, body }]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([id]);
    }
    const after = await env.DB.prepare("SELECT status, sent_at FROM emails WHERE id = ?")
      .bind(row!.id)
      .first<{ status: string; sent_at: number | null }>();
    expect(after?.status).toBe("sent");
    expect(after?.sent_at).not.toBeNull();
  });
});
