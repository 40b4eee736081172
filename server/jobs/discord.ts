import type { Db } from "../../db/client";
import type { Env } from "../env";
import { discordClientFrom } from "../integrations/discord";
import { runDiscordSync } from "../services/discord/roles";
import type { JobDeps } from "./deps";
import type { JobMessage } from "./messages";

/** The Discord client of the Worker: the real one with its secrets, the offline fake elsewhere, none in production without secrets. */
export function workerDiscordClient(env: Env) {
  return discordClientFrom(env);
}

/**
 * The role sync job (docs/decisions/040): syncs what is due, sends itself on while more rows
 * wait, and throws when Discord failed for some, so the queue tries again with backoff (the sync
 * is idempotent: it compares before it changes). The daily cron sends one too.
 */
export async function runDiscordSyncJob(
  db: Db,
  env: Env,
  deps: JobDeps,
  job: Extract<JobMessage, { type: "discord-sync" }>,
): Promise<void> {
  const client = workerDiscordClient(env);
  if (!client) return;
  const result = await runDiscordSync(db, client, { now: deps.now(), ...(job.userId !== undefined ? { userId: job.userId } : {}) });
  if (result.more) await deps.jobs.send({ ...job, key: `${job.key}:more:${deps.now()}` });
  if (result.failed > 0) throw new Error(`discord-sync: ${result.failed} member(s) not synced yet`);
}
