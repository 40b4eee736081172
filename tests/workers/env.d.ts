import type { D1Migration } from "cloudflare:test";
import type { EnvSecrets } from "../../server/env";

// `env` of cloudflare:test is Cloudflare.Env, which `wrangler types` generates from wrangler.toml;
// tests also see the optional secrets and the migrations the setup file applies.
declare global {
  namespace Cloudflare {
    interface Env extends EnvSecrets {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
