/**
 * The post modal's query flags (spec §2): which are read, how, and what closing leaves behind.
 * Pure, so the modal and its tests share one reading (decision 041, "post modal flags").
 */

/** Every flag of the modal; all are removed on close. */
const POST_MODAL_FLAGS = [
  "fanclubPost",
  "copyPostId",
  "isGroupPost",
  "isGroup",
  "visibleShow",
  "page",
  "postTitle",
  "hashTag",
  "postModalDisabled",
  "postId",
  "scheduled",
] as const;

/** The post management list's own page parameter, which `page` hands back on close. */
const MANAGEMENT_PAGE_PARAM = "p";
const MAX_PAGE = 10_000;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export interface PostModalFlags {
  /** the post to copy into a new draft; "invalid" when the flag is there but names no post id */
  copyPostId: number | "invalid" | null;
  /** the plan the visibility selector opens with (-1 = anyone); null leaves the form's default */
  visiblePlanId: number | null;
  /** the post management page to land on when the modal closes */
  returnPage: number | null;
}

export function parsePostModalFlags(params: URLSearchParams): PostModalFlags {
  const copy = params.get("copyPostId");
  const visible = params.get("visibleShow");
  const page = positiveInt(params.get("page"));
  return {
    copyPostId: copy === null || copy === "" ? null : (positiveInt(copy) ?? "invalid"),
    visiblePlanId: visible === "-1" ? -1 : positiveInt(visible),
    returnPage: page !== null && page <= MAX_PAGE ? page : null,
  };
}

/**
 * The query once the modal closes: every flag gone, the rest kept (status and type filters), and
 * the management page `page` named, if any (page 1 is the list's default, so no parameter).
 */
export function queryAfterClose(params: URLSearchParams): URLSearchParams {
  const { returnPage } = parsePostModalFlags(params);
  const next = new URLSearchParams(params);
  for (const flag of POST_MODAL_FLAGS) next.delete(flag);
  if (returnPage !== null) {
    if (returnPage > 1) next.set(MANAGEMENT_PAGE_PARAM, String(returnPage));
    else next.delete(MANAGEMENT_PAGE_PARAM);
  }
  return next;
}
