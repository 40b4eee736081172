// Linked product demo (spec §2 post detail "a linked product"; decision 041): a public post of
// 星野あかり's fan club (101) that links her acrylic stand (product 1003 of the products demo), so
// its page shows the product card to everyone and creator01's editor shows the choice. Ids
// 825000–829999; idempotent like the rest of the seed.

const POST_ID = 825001;
const FANCLUB_ID = 101;
const PRODUCT_ID = 1003;

/** @param {number} now */
export function postProductDemoStatements(now) {
  const at = now - 24 * 60 * 60 * 1000;
  const owner = `(SELECT owner_id FROM fanclubs WHERE id = ${FANCLUB_ID})`;
  return [
    `INSERT INTO posts (id, fanclub_id, author_id, type, title, comment, is_publish, published_at, plan_id, allow_comment, allow_tipping, created_at, updated_at) VALUES (${POST_ID}, ${FANCLUB_ID}, ${owner}, 1, 'アクリルスタンドができました！', '星空ラウンジの新しいグッズ、アクリルスタンドができました。ページの下の商品カードから購入できます。', 1, ${at}, NULL, 1, 0, ${at}, ${at}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, comment = excluded.comment, plan_id = NULL, is_publish = 1, deleted_at = NULL;`,
    `INSERT INTO post_products (post_id, product_id, linked_at) VALUES (${POST_ID}, ${PRODUCT_ID}, ${at}) ON CONFLICT(post_id) DO UPDATE SET product_id = excluded.product_id;`,
    // the fan club's post counter, as the services keep it (the main seed counted before this post)
    `UPDATE fanclubs SET post_count = (SELECT count(*) FROM posts p WHERE p.fanclub_id = fanclubs.id AND p.is_publish = 1 AND p.deleted_at IS NULL) WHERE id = ${FANCLUB_ID};`,
  ];
}
