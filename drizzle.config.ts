import { defineConfig } from "drizzle-kit";

// drizzle-kit writes SQL migrations straight into wrangler's migrations_dir; wrangler applies them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./migrations",
});
