import { createRequire } from "node:module";
import * as esm from "@remix-run/router";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+*.patch memoizes route flattening and pattern compilation (the server
// matched the whole route table from scratch several times per request; docs/decisions/034). The
// browser bundle uses the ESM build and the Worker the CommonJS one: both must carry the patch.
const cjs = createRequire(import.meta.url)("@remix-run/router") as typeof esm;

type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
const tree = (): [Route & { children: [Route, Route & { children: Route[] }] }] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "fanclub", path: "fanclubs/:id", children: [{ id: "post", path: "posts/:postId" }] },
    ],
  },
];
const ids = (matches: { route: { id?: string } }[] | null) => matches?.map((m) => m.route.id) ?? null;
// the router's own route type is a union that our plain test routes need not spell out
const asRoutes = (routes: Route[]) => routes as unknown as esm.AgnosticRouteObject[];

describe.each([
  ["ESM (browser)", esm],
  ["CommonJS (Worker)", cjs],
])("route matching with the project's patch, %s build", (_name, router) => {
  it("matches as the router always did", () => {
    const routes = tree();
    expect(ids(router.matchRoutes(asRoutes(routes), "/"))).toEqual(["root", "home"]);
    expect(ids(router.matchRoutes(asRoutes(routes), "/fanclubs/101/posts/7"))).toEqual(["root", "fanclub", "post"]);
    expect(router.matchRoutes(asRoutes(routes), "/fanclubs/101/posts/7")?.at(-1)?.params).toEqual({ id: "101", postId: "7" });
    expect(router.matchRoutes(asRoutes(routes), "/nowhere")).toBeNull();
  });

  it("ranks the tree once per routes array: a path edited in place is not seen (the tree is static)", () => {
    const routes = tree();
    expect(ids(router.matchRoutes(asRoutes(routes), "/fanclubs/1"))).toEqual(["root", "fanclub"]);
    // Without the memo this would match at once; with it, the ranked branches of the first call
    // are reused, which is what saves the work on every request.
    routes[0].children[1].path = "clubs/:id";
    expect(ids(router.matchRoutes(asRoutes(routes), "/fanclubs/1"))).toEqual(["root", "fanclub"]);
  });

  it("sees routes added in place, as lazy route discovery adds them in the browser", () => {
    const routes = tree();
    expect(router.matchRoutes(asRoutes(routes), "/lives/3")).toBeNull();
    (routes[0].children as Route[]).push({ id: "live", path: "lives/:liveId" });
    expect(ids(router.matchRoutes(asRoutes(routes), "/lives/3"))).toEqual(["root", "live"]);
    routes[0].children[1].children.push({ id: "tips", path: "tips" });
    expect(ids(router.matchRoutes(asRoutes(routes), "/fanclubs/1/tips"))).toEqual(["root", "fanclub", "tips"]);
  });

  it("answers a new routes array of the same tree with that array's own routes and fresh params", () => {
    // Remix builds a new routes array for each server render: the outcome is reused by shape
    const first = tree();
    const second = tree();
    const a = router.matchRoutes(asRoutes(first), "/fanclubs/101/posts/7")!;
    const b = router.matchRoutes(asRoutes(second), "/fanclubs/101/posts/7")!;
    expect(ids(b)).toEqual(["root", "fanclub", "post"]);
    expect(b.map((m) => m.route)).toEqual([second[0], second[0].children[1], second[0].children[1].children[0]]);
    expect(b[2]!.route).not.toBe(a[2]!.route);
    expect(b.map((m) => [m.pathname, m.pathnameBase])).toEqual([
      ["/", "/"],
      ["/fanclubs/101", "/fanclubs/101"],
      ["/fanclubs/101/posts/7", "/fanclubs/101/posts/7"],
    ]);
    // one params object per result, as the router always gave, and never the cached one
    expect(b[0]!.params).toBe(b[2]!.params);
    (b[2]!.params as Record<string, string>).id = "changed";
    expect(router.matchRoutes(asRoutes(second), "/fanclubs/101/posts/7")?.at(-1)?.params).toEqual({ id: "101", postId: "7" });
    // another pathname, another outcome; a tree of another shape is matched afresh
    expect(router.matchRoutes(asRoutes(second), "/fanclubs/202")?.at(-1)?.params).toEqual({ id: "202" });
    const other = tree();
    other[0].children[1].path = "clubs/:id";
    expect(ids(router.matchRoutes(asRoutes(other), "/fanclubs/101/posts/7"))).toBeNull();
    expect(ids(router.matchRoutes(asRoutes(other), "/clubs/101/posts/7"))).toEqual(["root", "fanclub", "post"]);
  });

  it("compiles a pattern once and still honours case sensitivity and end", () => {
    expect(router.matchPath({ path: "/Help", caseSensitive: true, end: true }, "/help")).toBeNull();
    expect(router.matchPath({ path: "/Help", caseSensitive: false, end: true }, "/help")).not.toBeNull();
    expect(router.matchPath({ path: "/help", end: false }, "/help/terms")?.pathnameBase).toBe("/help");
    expect(router.matchPath({ path: "/help", end: true }, "/help/terms")).toBeNull();
  });
});
