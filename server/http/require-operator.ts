import type { AppContext } from "../context";
import { requireUser } from "./require-user";

/** Platform staff only; everyone else gets the same 404 as for a page that does not exist. */
export function requireOperator(app: AppContext) {
  const user = requireUser(app);
  if (!user.isOperator) throw new Response(null, { status: 404 });
  return user;
}
