import type { AppContext } from "../context";
import { hasPendingDiscordSync } from "../services/discord/roles";

/**
 * After a request changed a fan's memberships: if the change marked Discord rows pending (in its
 * own batch, docs/decisions/040), the queue syncs them now rather than at the next daily cron.
 * Runs after the response; a lost message only delays the sync to the cron.
 */
export function kickDiscordSync(app: Pick<AppContext, "db" | "env" | "waitUntil">, userId: number, now: number): void {
  app.waitUntil(
    hasPendingDiscordSync(app.db, userId)
      .then((pending) =>
        pending ? app.env.JOBS.send({ type: "discord-sync", key: `discord-sync:user:${userId}:${now}`, userId }) : undefined,
      )
      .catch((error: unknown) => console.warn("[discord] could not queue the role sync", error)),
  );
}
