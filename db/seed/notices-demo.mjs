// Operator notice demo (spec §2 admin dialog, decision 041): one notice on the Fanclub brand,
// scheduled to start in a week, so staff see it at /ops/notices and can bring its start forward to
// watch the dialog, while nobody opening the demo (a person or a journey in a browser) is met by
// a dialog on the first page. Ids 835000–839999.

export const DEMO_NOTICE_ID = 835001;
const BRAND_ID = 1;
const DAY = 24 * 60 * 60 * 1000;

/** @param {string} s */
const q = (s) => `'${s.replaceAll("'", "''")}'`;

/** What the operator typed, in the small markup. */
export const DEMO_NOTICE_SOURCE =
  "年末年始のサポート窓口は 12月29日〜1月3日 お休みします。\n\nお問い合わせは [ヘルプセンター](https://fanclub.localhost/help/terms) からどうぞ。<strong>お支払いはいつも通りご利用いただけます。</strong>";
/** The sanitizer's output for it (a unit test holds the two together; the seed runs without the app's code). */
export const DEMO_NOTICE_HTML =
  '<p>年末年始のサポート窓口は 12月29日〜1月3日 お休みします。</p><p>お問い合わせは <a rel="noopener noreferrer" target="_blank" href="https://fanclub.localhost/help/terms">ヘルプセンター</a> からどうぞ。<strong>お支払いはいつも通りご利用いただけます。</strong></p>';

/** @param {{ now: number, operatorId: number }} input */
export function noticeDemoStatements({ now, operatorId }) {
  const source = DEMO_NOTICE_SOURCE;
  const html = DEMO_NOTICE_HTML;
  const startsAt = now + 7 * DAY;
  const endsAt = now + 21 * DAY;
  return [
    `INSERT INTO operator_notices (id, service_id, title, message_source, message_html, sizing, starts_at, ends_at, created_by, created_at) VALUES (${DEMO_NOTICE_ID}, ${BRAND_ID}, ${q("年末年始のお知らせ")}, ${q(source)}, ${q(html)}, 'medium', ${startsAt}, ${endsAt}, ${operatorId}, ${now}) ON CONFLICT(id) DO UPDATE SET title = excluded.title, message_source = excluded.message_source, message_html = excluded.message_html, sizing = excluded.sizing, starts_at = excluded.starts_at, ends_at = excluded.ends_at;`,
  ];
}
