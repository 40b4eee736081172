import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../hono-env";

const D1_ROUND_TRIPS_HEADER = "x-d1-round-trips";

const EXECUTORS = new Set(["first", "all", "run", "raw"]);

function countingStatement(stmt: D1PreparedStatement, count: () => void): D1PreparedStatement {
  return new Proxy(stmt, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      if (prop === "bind") return (...args: unknown[]) => countingStatement(value.apply(target, args), count);
      if (EXECUTORS.has(String(prop))) {
        return (...args: unknown[]) => {
          count();
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
}

/** The round trips of the request being served; each request runs inside its own store. */
const requestTrips = new AsyncLocalStorage<{ trips: number }>();
const count = () => {
  const store = requestTrips.getStore();
  if (store) store.trips++;
};

// One counting wrapper per binding, not per request: the drizzle client is memoized per binding
// (db/client.ts), and a new wrapper on every request would rebuild its schema map every time, a
// cost production never pays and the benchmark would then measure.
const countedBindings = new WeakMap<D1Database, D1Database>();
function countedBinding(db: D1Database): D1Database {
  let counted = countedBindings.get(db);
  if (!counted) {
    counted = new Proxy(db, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (prop === "prepare") return (query: string) => countingStatement(target.prepare(query), count);
        if (prop === "batch" || prop === "exec") {
          return (...args: unknown[]) => {
            count();
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    countedBindings.set(db, counted);
  }
  return counted;
}

// One counting env per env, not a copy per request: a new env object on every request would miss
// every cache keyed by it (the parsed host config, db/client.ts's drizzle client), so each request
// would parse the vars again, a cost production never pays and the benchmark would then measure.
const countedEnvs = new WeakMap<object, AppEnv["Bindings"]>();
function countedEnv(env: AppEnv["Bindings"]): AppEnv["Bindings"] {
  let counted = countedEnvs.get(env);
  if (!counted) {
    counted = { ...env, DB: countedBinding(env.DB) };
    countedEnvs.set(env, counted);
  }
  return counted;
}

/**
 * Outside production, every response says how many D1 round trips it took (a statement or a
 * batch each), so the benchmark and tests can hold pages to their budget. Requests served at the
 * same time by one isolate count apart: each runs in its own async-local store. The shared env
 * object is never changed.
 */
export function d1RoundTrips(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.env.ENVIRONMENT === "production") return next();
    const store = { trips: 0 };
    c.env = countedEnv(c.env);
    await requestTrips.run(store, next);
    try {
      c.res.headers.set(D1_ROUND_TRIPS_HEADER, String(store.trips));
    } catch {
      // immutable headers (a response passed through as is): nothing to report
    }
  };
}
