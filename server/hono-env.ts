import type { AppContext } from "./context";
import type { Env } from "./env";

export interface AppEnv {
  Bindings: Env;
  Variables: {
    nonce: string;
    app: AppContext;
    /** serialized Set-Cookie values appended to the final response */
    pendingCookies: string[];
  };
}
