import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { can, type CreatorAction } from "../domain/fanclub-permissions";
import { operatingFanclub, type OperatingFanclub } from "../services/creator";
import { requireUser } from "./require-user";

/**
 * For loaders and actions of the creator pages (`/me/fanclub/*`, `/me/fanclub_group/*`). Returns
 * the fan club the person manages when `action` is allowed by the permission table (spec §6);
 * otherwise throws: no fan club at all → the open page, not allowed → 403, the fan club lives on
 * another brand → the same path on that brand.
 */
export function requireCreator(app: AppContext, request: Request, action: CreatorAction): OperatingFanclub {
  const user = requireUser(app);
  const op = operatingFanclub(user.id, app.session!.creator);
  if (!op) throw redirect("/me/fanclub/new");
  if (app.service?.id !== op.serviceId) {
    const home = app.services.find((s) => s.id === op.serviceId);
    const url = new URL(request.url);
    if (home) throw redirect(`${home.frontUrl}${url.pathname}${url.search}`);
  }
  if (!can(op.role, action)) throw new Response(app.t("api.forbidden"), { status: 403 });
  return op;
}
