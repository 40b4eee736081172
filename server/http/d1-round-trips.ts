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

/**
 * Outside production, every response says how many D1 round trips it took (a statement or a
 * batch each), so the benchmark and tests can hold pages to their budget. The binding is wrapped
 * for this request only; the shared env object is never changed.
 */
export function d1RoundTrips(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.env.ENVIRONMENT === "production") return next();
    let trips = 0;
    const count = () => {
      trips++;
    };
    const db = c.env.DB;
    const counted = new Proxy(db, {
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
    c.env = { ...c.env, DB: counted };
    await next();
    try {
      c.res.headers.set(D1_ROUND_TRIPS_HEADER, String(trips));
    } catch {
      // immutable headers (a response passed through as is): nothing to report
    }
  };
}
