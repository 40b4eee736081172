import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { isValidUniquePath } from "../../../server/domain/fanclub-rules";
import { idParam } from "../../../server/http/params";
import { fanclubIdByUniquePath, groupNotifyPost } from "../../../server/services/spec-paths";

/**
 * Paths spec §2 names whose page lives at another address here (issue 23). Each answers a
 * redirect to that page, keeping the query; the target page does its own sign-in and
 * permission checks, so this file decides nothing about who may see what.
 */

const withQuery = (request: Request, path: string) => `${path}${new URL(request.url).search}`;

/** Fixed paths → their page. */
const FIXED: Record<string, string> = {
  // the commercial-law texts are a section of the profile form
  "/me/fanclub/low/edit": "/me/fanclub/edit#law",
  // payment method settings are the card registration page
  "/me/settings/payment": "/me/card_registration",
  "/me/settings/payment/new": "/me/card_registration",
  "/me/settings/payment/edit": "/me/card_registration",
  // the new-password step of a reset is the reset page itself (its token link)
  "/account/confirmation_password": "/account/password_reset",
  // the post type pages of the spec are the post form of each type; "complete" is the list it returns to
  "/me/fanclub/posts/picture": "/me/fanclub/posts/new/picture",
  "/me/fanclub/posts/streaming": "/me/fanclub/posts/new/streaming",
  "/me/fanclub/posts/complete": "/me/fanclub/posts",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const fixed = FIXED[path];
  if (fixed) {
    const [target, hash] = fixed.split("#");
    throw redirect(`${withQuery(request, target!)}${hash ? `#${hash}` : ""}`);
  }

  // /groups/{id}/notifies/{postId}(/post_tippings): the announcement is its fan club's post page
  if (params.postId !== undefined) {
    const groupId = idParam(params.id);
    const postId = idParam(params.postId);
    const post = await groupNotifyPost(app.db, groupId, postId);
    if (!post) throw new Response(null, { status: 404 });
    // group announcements take no tips (spec §6): their tips path shows the announcement
    throw redirect(`/fanclubs/${post.fanclubId}/posts/${postId}`);
  }

  // /@_ and /@_/{uniquePath}(/{liveId}): live events by the fan club's unique path
  if (path === "/@_") throw redirect("/fanclubs");
  const unique = (params.uniquePath ?? "").toLowerCase();
  if (!isValidUniquePath(unique)) throw new Response(null, { status: 404 });
  const fanclubId = await fanclubIdByUniquePath(app.db, unique);
  if (fanclubId === null) throw new Response(null, { status: 404 });
  if (params.liveId === undefined) throw redirect(`/fanclubs/${fanclubId}/lives`);
  throw redirect(`/fanclubs/${fanclubId}/lives/${idParam(params.liveId)}`);
}
