import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { backfillEarnings } from "../../../server/services/earnings/backfill";
import { earningsAudit } from "../../../server/services/earnings/balance";

/**
 * Development and operations (404 in production; run once there as a job): POST brings payments
 * made before the earnings ledger into it (idempotent: a second run posts 0), GET answers the
 * ledger's audit (account sums, unbalanced entries).
 */
export async function action({ context }: ActionFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  return Response.json(await backfillEarnings(app.db));
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  return Response.json(await earningsAudit(app.db));
}
