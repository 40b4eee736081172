import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * `PORT=8801 npm run dev` serves on 8801; its predev step seeds the brands' front URLs, which every
 * sign-in redirect and brand link is built from. They must carry the port the worker serves on.
 */
describe("npm run dev on another port", () => {
  const seedSql = (env: Record<string, string>) =>
    execFileSync("npm", ["run", "--silent", "db:seed", "--", "--print"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });

  it("predev seeds through the npm script that reads PORT", () => {
    const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.predev).toContain("npm run db:seed");
    expect(scripts.dev).toContain("scripts/dev.mjs");
  });

  it("seeds every brand's URL with $PORT", () => {
    const sql = seedSql({ PORT: "8801" });
    for (const host of ["www.fanclub.localhost", "indies.fanclub.localhost", "kirameki.localhost"]) {
      expect(sql).toContain(`'http://${host}:8801'`);
    }
    expect(sql).not.toMatch(/localhost:8787/);
  });

  it("keeps 8787 when no port is given", () => {
    const sql = seedSql({ PORT: "" });
    expect(sql).toContain("'http://www.fanclub.localhost:8787'");
  });
});
