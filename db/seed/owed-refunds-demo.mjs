// Demo of a refund the card could not take back (issue 19, item 7): fan02 paid a lesson seat by
// card, the creator cancelled it, and the card provider answered that the payment could no
// longer be refunded, so the seat's price became a refund owed to fan02, which they see at
// /me/transfer with its reason and can apply for with a bank account. Written as
// server/services/payouts/owed-refunds.ts records it: status owed, reason card_unavailable,
// under the card refund's own key; nothing if the key is there already. Reserved id 770001.

/** @param {{ now: number; fanId: number }} input */
export function owedRefundDemoStatements({ now, fanId }) {
  const at = now - 2 * 86_400_000;
  return [
    "INSERT INTO transfers (id, kind, user_id, fanclub_id, period, status, amount, fee, reason, memo, idempotency_key, state_token, created_at, updated_at) VALUES " +
      `(770001, 'refund', ${fanId}, 101, NULL, 'owed', 3000, 0, 'card_unavailable', '星野あかりの星空ラウンジ ボイトレ個別レッスン', 'refund:lesson:demo-770001', 'demo', ${at}, ${at}) ON CONFLICT DO NOTHING;`,
  ];
}
