import { POST_TYPES, type PostType } from "./posts";

/**
 * Query parameters of the readers' post lists (`GET /api/v1/posts`, `/posts/covers`). A value that
 * is present but wrong is refused with the name of the parameter, so the caller gets a 400 that
 * says which one, never a silent first page.
 */
export type ParamProblem = { param: string };

const POST_LIST_MAX_PAGE = 10_000;
export const COVER_IDS_MAX = 20;

export type PostListQuery = { page: number; type: PostType | null };

function positiveInt(value: string, max: number): number | null {
  if (!/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : null;
}

/** `page` (1 … 10,000, default 1) and `type` (a post kind of spec §5, default all kinds). */
export function postListQuery(params: URLSearchParams): { ok: true; value: PostListQuery } | { ok: false; problem: ParamProblem } {
  const rawPage = params.get("page");
  const page = rawPage === null || rawPage === "" ? 1 : positiveInt(rawPage, POST_LIST_MAX_PAGE);
  if (page === null) return { ok: false, problem: { param: "page" } };
  const rawType = params.get("type");
  if (rawType === null || rawType === "") return { ok: true, value: { page, type: null } };
  if (!Object.hasOwn(POST_TYPES, rawType)) return { ok: false, problem: { param: "type" } };
  return { ok: true, value: { page, type: rawType as PostType } };
}

/** `ids`: 1 to 20 comma-separated post ids, duplicates folded, order kept. */
export function coverIdsQuery(params: URLSearchParams): { ok: true; value: number[] } | { ok: false; problem: ParamProblem } {
  const raw = params.get("ids") ?? "";
  const parts = raw.split(",").filter((s) => s !== "");
  const ids = parts.map((s) => positiveInt(s.trim(), Number.MAX_SAFE_INTEGER));
  if (!parts.length || ids.some((n) => n === null)) return { ok: false, problem: { param: "ids" } };
  const unique = [...new Set(ids as number[])];
  if (unique.length > COVER_IDS_MAX) return { ok: false, problem: { param: "ids" } };
  return { ok: true, value: unique };
}
