import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../server/env";
import type { JobMessage } from "../../server/jobs/messages";
import worker from "../../server/worker";
import { confirmedAccount } from "./accounts-fixture";
import { insertMembership } from "./fanclub-fixture";
import { hosts } from "./helpers";
import { messagesWorld } from "./messages-fixture";

/**
 * The bulk delivery benchmark's development-only endpoint: it sends a fan club's message to a
 * plan's members through the real service, runs one chunk of it inside a request so the chunk's
 * D1 round trips can be counted, and reports delivery. In production it must not exist.
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
  const res = await worker.fetch(
    request as Parameters<typeof worker.fetch>[0],
    { ...env, ENVIRONMENT: environment, JOBS: queue } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { res, sent };
}

describe("/dev/bulk-messages", () => {
  it("sends to a plan's members through the queue, runs one chunk alone with its round trips counted, and reports", async () => {
    const w = await messagesWorld("dbm");
    for (const prefix of ["dbm1", "dbm2", "dbm3"]) {
      const member = await confirmedAccount({ prefix });
      await insertMembership(member.id, w.fanclubId, w.planId);
    }
    const queued = await call("development", "POST", `/dev/bulk-messages?fanclub=${w.fanclubId}&plan=${w.planId}`);
    expect(queued.res.status).toBe(200);
    expect(await queued.res.json()).toMatchObject({ planned: 3 });
    expect(queued.sent).toEqual([expect.objectContaining({ type: "bulk-message", afterUserId: 0 })]);

    const held = await call("development", "POST", `/dev/bulk-messages?fanclub=${w.fanclubId}&plan=${w.planId}&hold=1`);
    expect(held.sent).toEqual([]);
    const { id } = (await held.res.json()) as { id: number };
    const chunk = await call("development", "POST", `/dev/bulk-messages?id=${id}&after=0`);
    expect(chunk.res.status).toBe(200);
    // the bulk message, the next recipients, one batch: nothing else in the request
    expect(chunk.res.headers.get("x-d1-round-trips")).toBe("3");
    // the follow-up chunk is held back, never enqueued
    expect(chunk.sent).toEqual([]);
    const status = await call("development", "GET", `/dev/bulk-messages?id=${id}&check=1`);
    expect(await status.res.json()).toMatchObject({
      status: "sending",
      planned: 3,
      delivered: 3,
      messages: 3,
      recipients: 3,
      receivedTwice: 0,
      threadsPointingAtIt: 3,
    });
  });

  it("does not exist in production: 404, nothing stored, nothing enqueued", async () => {
    const w = await messagesWorld("dbp");
    const before = await env.DB.prepare("SELECT count(*) AS n FROM bulk_messages WHERE fanclub_id = ?")
      .bind(w.fanclubId)
      .first<number>("n");
    const sent = await call("production", "POST", `/dev/bulk-messages?fanclub=${w.fanclubId}&plan=${w.planId}`);
    expect(sent.res.status).toBe(404);
    expect(sent.sent).toEqual([]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM bulk_messages WHERE fanclub_id = ?").bind(w.fanclubId).first<number>("n")).toBe(
      before,
    );
    const status = await call("production", "GET", "/dev/bulk-messages?id=1&check=1");
    expect(status.res.status).toBe(404);
  });
});
