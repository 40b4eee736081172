import { applyD1Migrations, env } from "cloudflare:test";
import { seedStatements } from "../../db/seed/seed-sql.mjs";

// Every test file starts from the real migrations plus the same demo brands as `npm run dev`.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await env.DB.batch(seedStatements({ scheme: "http", port: "8787" }).map((sql) => env.DB.prepare(sql)));
