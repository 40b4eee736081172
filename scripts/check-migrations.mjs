#!/usr/bin/env node
// Migrations you can trust (decision 027). Two checks, both run by `npm run db:check` in CI:
//
// 1. Committed migrations never change. migrations/checksums.json holds the SHA-256 of every
//    migration file; a locked file that is edited or removed fails, and so does a migration that is
//    not locked yet or that sorts before a locked one (a database that applied the later ones would
//    then run it out of order). A database only ever applies a migration once, so an edit reaches
//    fresh databases and never the ones that applied the earlier text.
// 2. db/schema and migrations/ agree. drizzle-kit generates against a copy of migrations/ in a
//    temporary folder; if it would write anything, a schema change has no migration.
//
// `node scripts/check-migrations.mjs --lock` (run by `npm run db:generate`, or `npm run db:lock`
// after writing a hand-made migration) appends migrations that are new to the lock. It never
// rewrites an entry: to redo a migration nobody has applied yet, delete the file, its journal
// entry and its lock line by hand, so the change is visible in review.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const migrationsDir = join(root, "migrations");
const lockFile = join(migrationsDir, "checksums.json");
const lockMode = process.argv.includes("--lock");

/** Line endings are normalised so a checkout that converts them does not count as an edit. */
function sha256(file) {
  const text = readFileSync(file, "utf8").replace(/\r\n/g, "\n");
  return createHash("sha256").update(text).digest("hex");
}

function migrationFiles() {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

function readLock() {
  if (!existsSync(lockFile)) return {};
  return JSON.parse(readFileSync(lockFile, "utf8"));
}

/** @returns {string[]} problems with the committed migrations and the lock */
function checkLock(lock, { allowNew }) {
  const problems = [];
  const files = migrationFiles();
  const locked = Object.keys(lock).sort();
  const lastLocked = locked.at(-1) ?? "";
  for (const name of locked) {
    const file = join(migrationsDir, name);
    if (!existsSync(file)) problems.push(`${name}: a committed migration was removed`);
    else if (sha256(file) !== lock[name])
      problems.push(
        `${name}: a committed migration was edited (databases that applied it keep the old text; put the change in a new migration)`,
      );
  }
  for (const name of files.filter((f) => !(f in lock))) {
    if (name < lastLocked)
      problems.push(`${name}: a new migration sorts before the committed ${lastLocked}; generate it again so it comes last`);
    else if (!allowNew) problems.push(`${name}: not in migrations/checksums.json; run \`npm run db:lock\` (db:generate does it for you)`);
  }
  // drizzle-kit numbers the next migration from its journal; a file it does not list would collide
  const journal = JSON.parse(readFileSync(join(migrationsDir, "meta", "_journal.json"), "utf8"));
  const tags = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
  for (const name of files) if (!tags.has(name)) problems.push(`${name}: missing from migrations/meta/_journal.json`);
  for (const tag of tags)
    if (!files.includes(tag)) problems.push(`${tag}: listed in migrations/meta/_journal.json but there is no such file`);
  return problems;
}

function lock() {
  const current = readLock();
  const problems = checkLock(current, { allowNew: true });
  if (problems.length > 0) return problems;
  const added = migrationFiles().filter((name) => !(name in current));
  const next = { ...current };
  for (const name of added) next[name] = sha256(join(migrationsDir, name));
  writeFileSync(lockFile, `${JSON.stringify(next, null, 2)}\n`);
  console.log(added.length > 0 ? `Locked ${added.join(", ")}.` : "No new migration to lock.");
  return [];
}

function drizzleKit(args) {
  const bin = join(root, "node_modules", "drizzle-kit", "bin.cjs");
  // stdin is closed: if drizzle-kit would ask (a rename or a drop), it gets no answer and the run
  // fails instead of hanging; that is a disagreement too
  return spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });
}

/** @returns {string[]} problems where db/schema and migrations/ disagree */
function checkSchema() {
  const config = readFileSync(join(root, "drizzle.config.ts"), "utf8");
  const schema = /schema:\s*"([^"]+)"/.exec(config)?.[1];
  const dialect = /dialect:\s*"([^"]+)"/.exec(config)?.[1];
  if (!schema || !dialect) return ["drizzle.config.ts: could not read its schema and dialect"];
  const copy = mkdtempSync(join(tmpdir(), "migrations-check-"));
  try {
    cpSync(migrationsDir, copy, { recursive: true });
    const before = new Set(readdirSync(copy, { recursive: true }).map(String));
    // drizzle-kit resolves --out against the working directory, so it is given a relative path
    const out = relative(root, copy);
    // drizzle-kit exits 0 after some failures (a prompt without a terminal prints an error and
    // returns), so success is only its own all-clear line
    const check = drizzleKit(["check", "--dialect", dialect, "--out", out]);
    if (check.status !== 0 || check.error || !/Everything's fine/.test(check.stdout))
      return [`drizzle-kit check found a problem in migrations/meta:\n${check.error ?? ""}${check.stdout}${check.stderr}`];
    const run = drizzleKit(["generate", "--dialect", dialect, "--schema", schema, "--out", out]);
    const written = readdirSync(copy, { recursive: true })
      .map(String)
      .filter((name) => !before.has(name));
    if (written.length === 0 && run.status === 0 && !run.error && /nothing to migrate/.test(run.stdout)) return [];
    if (written.length === 0)
      return [
        `db/schema and migrations/ disagree, or drizzle-kit could not tell: it wrote nothing and did not say "nothing to migrate" (a rename or drop makes it ask; answer it in \`npm run db:generate\`):\n${run.error ?? ""}${run.stdout}${run.stderr}`,
      ];
    const sql = written.filter((name) => name.endsWith(".sql")).map((name) => `--- ${name}\n${readFileSync(join(copy, name), "utf8")}`);
    return [
      `db/schema and migrations/ disagree: drizzle-kit would write ${written.join(", ")}. Run \`npm run db:generate\` and commit the migration.\n${sql.join("\n")}`,
    ];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const problems = lockMode ? lock() : [...checkLock(readLock(), { allowNew: false }), ...checkSchema()];
if (problems.length > 0) {
  console.error(`Migration check failed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
if (!lockMode) console.log(`Migrations: ${migrationFiles().length} locked and unchanged; db/schema needs no new migration.`);
