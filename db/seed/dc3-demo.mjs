// DC3 contents demo (docs/decisions/045): one downloadable item of 星野あかり's fan club (101) for
// the members of its cheapest paid plan: a one-page PDF written at seed time, so a member of that
// plan downloads it from /fanclubs/101/dc_three_contents and creator01 manages it at
// /me/fanclub/dc_three_contents. Ids 840000–844999.

const CONTENT_ID = 840001;
const FILE_ID = 840011;
const FANCLUB_ID = 101;

/** A minimal, valid one-page PDF saying what it is (its offsets computed, so readers open it). */
function demoPdf() {
  const text = "Hoshino Akari - members' wallpaper pack (demo)";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let pdf = "%PDF-1.4\n";
  const offsets = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** @type {Array<{ key: string, body: Uint8Array, contentType: string }> | null} */
let objects = null;

/** The item's file in the media bucket. */
export function dc3DemoObjects() {
  objects ??= [{ key: `posts/${FANCLUB_ID}/demo-dc3-${FILE_ID}.pdf`, body: demoPdf(), contentType: "application/pdf" }];
  return objects;
}

/** @param {number} now */
export function dc3DemoStatements(now) {
  const at = now - 3 * 24 * 60 * 60 * 1000;
  const owner = `(SELECT owner_id FROM fanclubs WHERE id = ${FANCLUB_ID})`;
  const plan = `(SELECT id FROM plans WHERE fanclub_id = ${FANCLUB_ID} AND closed_at IS NULL AND price > 0 ORDER BY price, id LIMIT 1)`;
  const [file] = dc3DemoObjects();
  return [
    `INSERT INTO post_files (id, fanclub_id, uploader_id, post_id, kind, filename, extension, content_type, size, r2_key, status, sort_order, created_at, completed_at) VALUES (${FILE_ID}, ${FANCLUB_ID}, ${owner}, NULL, 'dc3', 'wallpaper-pack.pdf', 'pdf', 'application/pdf', ${file.body.byteLength}, '${file.key}', 'stored', 0, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET size = excluded.size, r2_key = excluded.r2_key, status = 'stored', post_id = NULL;`,
    `INSERT INTO dc3_contents (id, fanclub_id, title, description, audience, file_id, created_at, updated_at) VALUES (${CONTENT_ID}, ${FANCLUB_ID}, 'メンバー限定 壁紙パック', 'スマホとPC用の壁紙をまとめたPDFです。プランのメンバーだけがダウンロードできます。', 'plans', ${FILE_ID}, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, description = excluded.description, audience = excluded.audience, file_id = excluded.file_id;`,
    `DELETE FROM dc3_content_plans WHERE content_id = ${CONTENT_ID};`,
    `INSERT INTO dc3_content_plans (content_id, plan_id) VALUES (${CONTENT_ID}, ${plan});`,
  ];
}
