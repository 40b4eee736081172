/**
 * A positive integer id from a route parameter, or the 404 page: `/plans/abc/edit` and
 * `/plans/0/edit` are pages that do not exist, not bad requests.
 */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!/^\d{1,15}$/.test(value ?? "") || !Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}
