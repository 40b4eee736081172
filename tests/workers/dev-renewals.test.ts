import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../server/env";
import type { JobMessage } from "../../server/jobs/messages";
import worker from "../../server/worker";
import { hosts } from "./helpers";

/**
 * The renewal benchmark's development-only endpoint starts a month's renewal run: in production it
 * must not exist, whatever is asked of it.
 */

function recordingQueue() {
  const sent: JobMessage[] = [];
  const queue = {
    async send(body: JobMessage) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<JobMessage>>) {
      for (const m of messages) sent.push(m.body);
    },
  };
  return { sent, queue: queue as unknown as Env["JOBS"] };
}

async function call(environment: "development" | "production", method: "GET" | "POST", path: string) {
  const { sent, queue } = recordingQueue();
  const origin = `http://${hosts.www}`;
  const request = new Request(`${origin}${path}`, {
    method,
    redirect: "manual",
    headers: { accept: "application/json", ...(method === "POST" ? { origin } : {}) },
  });
  const ctx = createExecutionContext();
  // the worker's own entry with this deployment's variables: the route reads them per request
  const res = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, ENVIRONMENT: environment, JOBS: queue } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { res, sent };
}

describe("/dev/renewals", () => {
  it("starts the month's renewal run and reports on it in development", async () => {
    const started = await call("development", "POST", "/dev/renewals?month=2026-06");
    expect(started.res.status).toBe(200);
    expect(started.sent.map((m) => m.type)).toContain("renewal-scan");
    const status = await call("development", "GET", "/dev/renewals?month=2026-06&from=0");
    expect(status.res.status).toBe(200);
    expect(await status.res.json()).toMatchObject({ month: "2026-06", from: 0, membershipsPaidTwice: 0 });
  });

  it("does not exist in production: 404, and nothing is enqueued", async () => {
    const started = await call("production", "POST", "/dev/renewals?month=2026-06");
    expect(started.res.status).toBe(404);
    expect(started.sent).toEqual([]);
    const status = await call("production", "GET", "/dev/renewals?month=2026-06&from=0&audit=1");
    expect(status.res.status).toBe(404);
    expect(await status.res.text()).not.toContain("membershipsPaidTwice");
  });
});
