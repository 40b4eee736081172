// Image variants demo (docs/decisions/044), ids 845000–849999: 星野あかり's fan club (101) gets a
// photo icon and header stored in the media bucket, and a paid album post of four 1600×1200
// photos, so its page and the album show srcset at work. The demo's other images are static SVG
// files, which need no variants. The variants of these photos are made at seed time by
// scripts/demo-variants.mjs with the rules the Worker's job uses. The leak tracing demo's two
// photos are left without variants on purpose: their album shows the fallback (the marked
// original answers a variant's link), and its end-to-end test saves that full-size copy.
import jpeg from "jpeg-js";
import { demoPhoto } from "./leak-images.mjs";

const FANCLUB_ID = 101;
const POST_ID = 845001;
const FILE_IDS = [845011, 845012, 845013, 845014];
const ICON_KEY = `public/fanclubs/${FANCLUB_ID}/icon-demo845002.jpg`;
const HEADER_KEY = `public/fanclubs/${FANCLUB_ID}/header-demo845003.jpg`;
const albumKey = (/** @type {number} */ id) => `posts/${FANCLUB_ID}/demo-album-${id}.jpg`;

/** @param {{ width: number, height: number, data: Uint8Array }} img @param {number} quality */
const encode = (img, quality) => new Uint8Array(jpeg.encode(img, quality).data);

/** @type {Array<{ key: string, body: Uint8Array }> | null} */
let originals = null;

function demoOriginals() {
  originals ??= [
    { key: ICON_KEY, body: encode(demoPhoto(845002, 400, 400), 90) },
    { key: HEADER_KEY, body: encode(demoPhoto(845003, 1500, 500), 90) },
    ...FILE_IDS.map((id) => ({ key: albumKey(id), body: encode(demoPhoto(id, 1600, 1200), 90) })),
  ];
  return originals;
}

/**
 * The demo's JPEG originals with the variant kind of each (docs/decisions/044): fan club 101's
 * icon, header and album photos. scripts/demo-variants.mjs makes the variants; all are `image/jpeg`.
 * @returns {Array<{ key: string, body: Uint8Array, kind: "icon" | "header" | "album" }>}
 */
export function imageDemoOriginals() {
  /** @type {(key: string) => "icon" | "header" | "album"} */
  const kindOf = (key) => (key === ICON_KEY ? "icon" : key === HEADER_KEY ? "header" : "album");
  return [...demoOriginals().map((o) => ({ ...o, kind: kindOf(o.key) }))];
}

/**
 * The album files' byte sizes, once the photos are drawn (the seed puts them in the same run).
 * @param {ReadonlyArray<{ key: string, body: Uint8Array }>} objects
 */
export function imageDemoSizeStatements(objects) {
  return FILE_IDS.map((id) => {
    const body = objects.find((o) => o.key === albumKey(id))?.body;
    return body ? `UPDATE post_files SET size = ${body.byteLength} WHERE id = ${id};` : null;
  }).filter((s) => s !== null);
}

/** @param {number} now */
export function imageDemoStatements(now) {
  const at = now - 3 * 24 * 60 * 60 * 1000;
  const owner = `(SELECT owner_id FROM fanclubs WHERE id = ${FANCLUB_ID})`;
  const plan = `(SELECT id FROM plans WHERE fanclub_id = ${FANCLUB_ID} AND closed_at IS NULL ORDER BY price, id LIMIT 1)`;
  const out = [
    `UPDATE fanclubs SET icon_key = '${ICON_KEY}', header_key = '${HEADER_KEY}' WHERE id = ${FANCLUB_ID};`,
    `INSERT INTO posts (id, fanclub_id, author_id, type, title, comment, is_publish, published_at, plan_id, allow_comment, allow_tipping, created_at, updated_at) VALUES (${POST_ID}, ${FANCLUB_ID}, ${owner}, 1, '会員限定アルバム：春の撮影旅行', '旅先で撮った写真をまとめました。一覧は小さいサイズ、開くと大きいサイズで届きます。', 1, ${at}, ${plan}, 1, 0, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, comment = excluded.comment, plan_id = excluded.plan_id, is_publish = 1, deleted_at = NULL;`,
  ];
  // the sizes come with the photos (imageDemoSizeStatements): drawing them takes seconds, so the
  // statements alone (`--print`) do not
  for (const [i, id] of FILE_IDS.entries()) {
    out.push(
      `INSERT INTO post_files (id, fanclub_id, uploader_id, post_id, kind, filename, extension, content_type, size, r2_key, status, sort_order, created_at, completed_at) VALUES (${id}, ${FANCLUB_ID}, ${owner}, ${POST_ID}, 'picture', 'trip-${i + 1}.jpg', 'jpg', 'image/jpeg', 0, '${albumKey(id)}', 'stored', ${i}, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET r2_key = excluded.r2_key, status = 'stored';`,
    );
  }
  out.push(
    `UPDATE fanclubs SET post_count = (SELECT count(*) FROM posts p WHERE p.fanclub_id = fanclubs.id AND p.is_publish = 1 AND p.deleted_at IS NULL) WHERE id = ${FANCLUB_ID};`,
  );
  return out;
}
