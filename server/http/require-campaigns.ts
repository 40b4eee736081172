import type { AppContext } from "../context";
import type { OperatingFanclub } from "../services/creator";
import { requireCreator } from "./require-creator";

/**
 * For the creator's campaign pages: the owner (spec §6 manageCampaigns) of a fan club that runs
 * campaigns (spec §3 useCampaign). A fan club without campaigns has no such pages (404), as the
 * menu shows no entry for them.
 */
export function requireCampaignCreator(app: AppContext, request: Request): OperatingFanclub {
  const op = requireCreator(app, request, "manageCampaigns");
  if (!op.useCampaign) throw new Response(null, { status: 404 });
  return op;
}
