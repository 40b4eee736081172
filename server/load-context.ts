import type { AppContext } from "./context";
import type { Env } from "./env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

export {};

// Single fetch is on (remix.config.ts); loaders' data types follow it.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
