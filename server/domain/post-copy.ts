/**
 * Keys of a copied post's objects (spec §2 copyPostId, decision 041): a copy gets its own R2
 * objects under the same folder and extension, so the two posts never share a key.
 */
export function copiedObjectKey(key: string, token: string): string {
  const slash = key.lastIndexOf("/");
  const folder = slash >= 0 ? key.slice(0, slash + 1) : "";
  const name = key.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot) : "";
  return `${folder}${token}${extension}`;
}

/** The blog body with every old object key replaced by its copy's key. */
export function replaceKeys(text: string, keys: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [from, to] of keys) out = out.split(from).join(to);
  return out;
}
