import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CREATOR_PURCHASE_TABS } from "../../../server/domain/purchase-histories";
import { requireCreator } from "../../../server/http/require-creator";

/** The list has no page of its own: the first tab. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "viewSales");
  return redirect(`/me/fanclub/purchases/${CREATOR_PURCHASE_TABS[0]}`);
}
