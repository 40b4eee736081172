import type { Db } from "../../db/client";

type Pending = { queries: unknown[]; resolve: (results: unknown[]) => void; reject: (error: unknown) => void };

const mergedByRequest = new WeakMap<object, Db>();

/**
 * A page's loaders as one D1 round trip. Remix runs the fan club layout's loader and its tab's
 * loader side by side, each with a batch of its own reads: two round trips after the session's,
 * where the page budget is two in all (issue 18). Through this client every `batch` started in
 * the same turn of the event loop by the request's loaders waits for that turn to end and goes to
 * D1 together; each caller gets back its own slice of the results. Only for reads: merged batches
 * share one transaction, so a failing statement fails every caller's batch (writes keep `app.db`).
 * Everything but `batch` is the request's ordinary client.
 */
export function mergedReads(app: { db: Db }): Db {
  let merged = mergedByRequest.get(app);
  if (merged) return merged;
  const real = app.db;
  let pending: Pending[] = [];
  const flush = async () => {
    const group = pending;
    pending = [];
    try {
      const all = group.flatMap((p) => p.queries);
      const results: readonly unknown[] = await real.batch(all as unknown as Parameters<Db["batch"]>[0]);
      let at = 0;
      for (const p of group) {
        p.resolve(results.slice(at, at + p.queries.length));
        at += p.queries.length;
      }
    } catch (error) {
      for (const p of group) p.reject(error);
    }
  };
  const batch = (queries: readonly unknown[]) =>
    new Promise<unknown[]>((resolve, reject) => {
      // a macrotask, not a microtask: the loaders start a few promise hops apart
      if (!pending.length) setTimeout(() => void flush(), 0);
      pending.push({ queries: [...queries], resolve, reject });
    });
  merged = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === "batch") return batch;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  mergedByRequest.set(app, merged);
  return merged;
}
