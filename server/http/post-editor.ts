import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { mediaSignerFor } from "../media/private-urls";
import { can } from "../domain/fanclub-permissions";
import { COMMENT_SCOPES, POST_TYPES, type PostType } from "../domain/posts";
import { loadPostAccess, postViewerFrom } from "../services/post-access";
import { editData } from "../services/post-edit-data";
import { postFormData } from "../services/posts";
import { setFlash } from "./flash";
import { requireCreator } from "./require-creator";

/**
 * Loader data of the post editor pages (new and edit, every type). Editing needs the post's
 * editable flag; otherwise the error shows on post management (spec §6).
 */
export async function postEditorData(app: AppContext, request: Request, typeParam: string | undefined, postId: number | null) {
  const op = requireCreator(app, request, "viewPostManagement");
  if (!can(op.role, "createDraft") && !can(op.role, "publishPost")) throw new Response(null, { status: 403 });
  if (!typeParam || !(typeParam in POST_TYPES)) throw new Response(null, { status: 404 });
  const type = typeParam as PostType;
  const url = new URL(request.url);
  const formData = await postFormData(app.db, op);
  let initial: Awaited<ReturnType<typeof editData>> | null = null;
  if (postId !== null) {
    const now = Date.now();
    const access = await loadPostAccess(app.db, postId, postViewerFrom(app.session), now);
    if (!access || access.fanclub.id !== op.fanclubId || access.post.type !== POST_TYPES[type] || !access.editable) {
      setFlash(app, [{ type: "error", key: access && !access.editable ? "posts:errors.notEditable" : "posts:errors.editDataFailed" }]);
      throw redirect("/me/fanclub/posts");
    }
    initial = await editData(app.db, { post: access.post, signer: mediaSignerFor(app, now) });
  }
  const home = app.services.find((s) => s.id === op.serviceId);
  return {
    type,
    formData: { ...formData, commentScopes: [...COMMENT_SCOPES] },
    initial,
    isGroupPost: initial ? initial.post.isGroupPost : url.searchParams.get("isGroupPost") === "1",
    fanclubId: op.fanclubId,
    origin: home?.frontUrl ?? "",
  };
}
