// Leak tracing demo (docs/decisions/042): a paid picture post of 星野あかり's fan club (101) with
// two JPEG photos, so a member (fan01…) gets marked copies and the owner (creator01) can trace
// one at /me/fanclub/leak_trace; the visible fan code is on so the mark shows. Ids 780000–789999.
import jpeg from "jpeg-js";
import { demoPhoto } from "./leak-images.mjs";

const POST_ID = 780001;
const FILE_IDS = [780011, 780012];
const FANCLUB_ID = 101;

/** @type {Array<{ key: string, body: Uint8Array, contentType: string }> | null} */
let objects = null;

/** The photos' keys in the media bucket, and their JPEG bytes (drawn once per process). */
export function leakDemoObjects() {
  objects ??= FILE_IDS.map((id, i) => {
    const img = demoPhoto(780 + i, 1024, 768);
    return { key: `posts/${FANCLUB_ID}/demo-leak-${id}.jpg`, body: new Uint8Array(jpeg.encode(img, 90).data), contentType: "image/jpeg" };
  });
  return objects;
}

/** @param {number} now */
export function leakDemoStatements(now) {
  const at = now - 2 * 24 * 60 * 60 * 1000;
  const owner = `(SELECT owner_id FROM fanclubs WHERE id = ${FANCLUB_ID})`;
  const plan = `(SELECT id FROM plans WHERE fanclub_id = ${FANCLUB_ID} AND closed_at IS NULL ORDER BY price, id LIMIT 1)`;
  const out = [
    `INSERT INTO posts (id, fanclub_id, author_id, type, title, comment, is_publish, published_at, plan_id, allow_comment, allow_tipping, created_at, updated_at) VALUES (${POST_ID}, ${FANCLUB_ID}, ${owner}, 1, '会員限定フォト：夕暮れの撮影会', '撮影会の写真です。画像にはファンごとの透かしが入っています。', 1, ${at}, ${plan}, 1, 0, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, comment = excluded.comment, plan_id = excluded.plan_id, is_publish = 1, deleted_at = NULL;`,
    `INSERT INTO fanclub_mark_settings (fanclub_id, visible_mark, updated_at) VALUES (${FANCLUB_ID}, 1, ${at}) ON CONFLICT(fanclub_id) DO NOTHING;`,
  ];
  for (const [i, o] of leakDemoObjects().entries()) {
    out.push(
      `INSERT INTO post_files (id, fanclub_id, uploader_id, post_id, kind, filename, extension, content_type, size, r2_key, status, sort_order, created_at, completed_at) VALUES (${FILE_IDS[i]}, ${FANCLUB_ID}, ${owner}, ${POST_ID}, 'picture', 'sunset-${i + 1}.jpg', 'jpg', 'image/jpeg', ${o.body.byteLength}, '${o.key}', 'stored', ${i}, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET size = excluded.size, r2_key = excluded.r2_key, status = 'stored';`,
    );
  }
  // the fan club's post counter, as the services keep it (the main seed counted before this post)
  out.push(
    `UPDATE fanclubs SET post_count = (SELECT count(*) FROM posts p WHERE p.fanclub_id = fanclubs.id AND p.is_publish = 1 AND p.deleted_at IS NULL) WHERE id = ${FANCLUB_ID};`,
  );
  return out;
}
