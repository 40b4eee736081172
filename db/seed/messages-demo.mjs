// Demo messages (issue 20, docs/decisions/035). fan01 and 星野あかり's fan club (101) have a thread
// with something unread on each side: fan01's last message the fan club has not opened, and the
// fan club's message to the members of 「創刊メンバー」 (plan 1014: fan01 and fan02) that fan01 has
// not read. fan02 got the same message to many in a thread of her own. So creator01 and fan01 both
// see the header's mark on their first page. Ids are in the reserved range 710000–719999; rows are
// inserted when missing, and a thread someone already has with the fan club is left as it is.

const q = (/** @type {string} */ value) => `'${String(value).replace(/'/g, "''")}'`;

const FANCLUB_ID = 101;
const PLAN_ID = 1014;
const DAY = 86_400_000;
const BULK_ID = 710101;
const BULK_BODY =
  "創刊メンバーの皆さんへ。いつも支えてくださってありがとうございます！来月の1周年記念配信では、創刊メンバーの皆さんのお名前を最初に読み上げます。ぜひ聴きに来てくださいね。";

/**
 * @param {{ now: number; creatorId: number; fanIds: [number, number] }} input
 * @returns {string[]}
 */
export function messageDemoStatements({ now, creatorId, fanIds }) {
  const [fan01, fan02] = fanIds;
  const at = (/** @type {number} */ daysAgo) => Math.round(now - daysAgo * DAY);
  /** @param {number} threadId @param {[number, "fan" | "club", number, string, number, boolean][]} rows id, side, sender, body, days ago, from the message to many */
  const messages = (threadId, rows) =>
    rows.map(
      ([id, side, sender, body, daysAgo, bulk]) =>
        `INSERT INTO messages (id, thread_id, side, sender_user_id, body, bulk_message_id, bulk_recipient_id, created_at) SELECT ${id}, ${threadId}, ${q(side)}, ${sender}, ${q(body)}, ${bulk ? BULK_ID : "NULL"}, ${bulk ? (threadId === 710001 ? fan01 : fan02) : "NULL"}, ${at(daysAgo)} WHERE EXISTS (SELECT 1 FROM message_threads WHERE id = ${threadId}) ON CONFLICT DO NOTHING;`,
    );
  return [
    `INSERT INTO bulk_messages (id, fanclub_id, sender_user_id, audience, plan_ids, body, planned_count, delivered_count, status, cursor_user_id, finished_at, created_at, updated_at) VALUES (${BULK_ID}, ${FANCLUB_ID}, ${creatorId}, 'plans', ${q(JSON.stringify([PLAN_ID]))}, ${q(BULK_BODY)}, 2, 2, 'sent', ${Math.max(fan01, fan02)}, ${at(0.5)}, ${at(0.5)}, ${at(0.5)}) ON CONFLICT DO NOTHING;`,
    // fan01: her message (710013) the fan club has not read, then the message to many she has not read
    `INSERT INTO message_threads (id, fanclub_id, fan_user_id, last_fan_message_id, last_club_message_id, fan_read_id, club_read_id, last_message_at, created_at, updated_at) VALUES (710001, ${FANCLUB_ID}, ${fan01}, 710013, 710014, 710013, 710012, ${at(0.5)}, ${at(3)}, ${at(0.5)}) ON CONFLICT DO NOTHING;`,
    ...messages(710001, [
      [
        710011,
        "fan",
        fan01,
        "あかりさん、先週の歌枠ありがとうございました！「星降る夜に」の弾き語り、ずっとリピートしています。",
        3,
        false,
      ],
      [710012, "club", creatorId, "聴いてくれてありがとう〜！あの曲は練習をいちばん頑張ったので、とってもうれしいです。", 2, false],
      [710013, "fan", fan01, "次の配信でリクエストしてもいいですか？「はじまりの朝」がまた聴きたいです。", 1, false],
      [710014, "club", creatorId, BULK_BODY, 0.5, true],
    ]),
    `INSERT INTO message_threads (id, fanclub_id, fan_user_id, last_fan_message_id, last_club_message_id, fan_read_id, club_read_id, last_message_at, created_at, updated_at) VALUES (710002, ${FANCLUB_ID}, ${fan02}, 0, 710021, 0, 0, ${at(0.5)}, ${at(0.5)}, ${at(0.5)}) ON CONFLICT DO NOTHING;`,
    ...messages(710002, [[710021, "club", creatorId, BULK_BODY, 0.5, true]]),
  ];
}
