import { createRequire } from "node:module";
import * as esm from "drizzle-orm";
import { Column, SQL, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

// patches/drizzle-orm+*.patch memoizes `is()` per (prototype, class): drizzle calls it for every
// chunk of every query it builds and every column of every row it maps, and each negative answer
// walked the class chain again (about a tenth of a post page's render CPU; docs/decisions/034).
// The Worker bundles the ESM build; Node tools load the CommonJS one: both must carry the patch.
const cjs = createRequire(import.meta.url)("drizzle-orm") as typeof esm;

const table = sqliteTable("t", { id: integer("id") });

describe.each([
  ["ESM (Worker)", esm],
  ["CommonJS", cjs],
])("drizzle's entity check with the project's patch, %s build", (_name, drizzle) => {
  it("answers as drizzle always did", () => {
    expect(drizzle.is(table.id, Column)).toBe(true);
    expect(drizzle.is(sql`1`, SQL)).toBe(true);
    expect(drizzle.is(table.id, SQL)).toBe(false);
    expect(drizzle.is({ id: 1 }, SQL)).toBe(false);
    expect(drizzle.is(null, SQL)).toBe(false);
    // a class that is no drizzle entity is still refused loudly
    class Plain {}
    expect(() => drizzle.is({}, Plain as unknown as typeof SQL)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("recognizes an entity by its kind across copies of the package, as before", () => {
    class Twin {
      static readonly [drizzle.entityKind] = (SQL as unknown as Record<symbol, string>)[drizzle.entityKind];
    }
    expect(drizzle.is(new Twin(), SQL)).toBe(true);
  });

  it("decides once per prototype and class: a kind edited afterwards is not seen (classes are static)", () => {
    class Wanted {
      static readonly [drizzle.entityKind] = `Wanted-${_name}`;
    }
    class Other {
      static [drizzle.entityKind] = `Other-${_name}`;
    }
    const other = new Other();
    expect(drizzle.is(other, Wanted)).toBe(false);
    // Unpatched, the next call would walk the chain again and now answer true.
    Other[drizzle.entityKind] = `Wanted-${_name}`;
    expect(drizzle.is(other, Wanted)).toBe(false);
    expect(drizzle.is(new (class extends Other {})(), Wanted)).toBe(true);
  });
});
