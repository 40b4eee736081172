// Demo contests (spec §2 /contest/*), the four pages at different stages, so `npm run dev` shows
// each at once: vtuber-appealcontest has its results (winners and judges), vtuber-appealcontest2
// is voting with an intermediate ranking, vtuber-appealcontest3 is open for entries (a creator can
// enter with a new post), and vtuber-photocontest takes entries and votes at the same time.
// Entries are the demo creators' posts; votes are the demo fans', on earlier Japan days, so every
// fan can still vote today. Ids are reserved (contests 750001–750004, entries 750101–750199,
// votes 751000–759999); a second seed moves the windows along with `now` and leaves the rest.

const DAY = 24 * 60 * 60 * 1000;
const JST = 9 * 60 * 60 * 1000;

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** the Japan date of an instant, yyyy-MM-dd, as the vote's day key */
const dayKey = (/** @type {number} */ ms) => new Date(ms + JST).toISOString().slice(0, 10);

/** the demo blog post n (1–3) of a demo fan club, as the main seed numbers them */
const postOf = (/** @type {number} */ fanclubId, /** @type {number} */ n) => 100000 + (fanclubId - 100) * 100 + n;

const APPEAL_TEMPLATE = "【自己紹介】\n\n【配信のジャンル】\n\n【アピールポイント】\n\n#Vtuberアピールコンテスト";

/**
 * @typedef {{ id: number, slug: string, name: string, description: string, template: string, hashTag: string,
 *   start: number, end: number, entryStart: number, entryEnd: number, voteStart: number, voteEnd: number,
 *   judges: { name: string, title: string }[], prizes: string[], entries: { fanclubId: number, n: number, votes: number }[] }} DemoContest
 * (times in days from now: negative is past)
 */

/** @type {DemoContest[]} */
export const DEMO_CONTESTS = [
  {
    id: 750001,
    slug: "vtuber-appealcontest",
    name: "第1回 Vtuberアピールコンテスト",
    description: "あなたの魅力を投稿でアピールしよう！ファンの投票と審査員の審査で入賞者が決まりました。",
    template: APPEAL_TEMPLATE,
    hashTag: "Vtuberアピールコンテスト",
    start: -60,
    end: -20,
    entryStart: -60,
    entryEnd: -40,
    voteStart: -40,
    voteEnd: -25,
    judges: [
      { name: "星野あかり", title: "特別審査員" },
      { name: "きらめきプロダクション", title: "協賛" },
    ],
    prizes: ["グランプリ（賞金10万円）", "準グランプリ（賞金3万円）", "審査員特別賞"],
    entries: [101, 102, 103, 104, 105, 106, 107, 108].map((fanclubId, i) => ({
      fanclubId,
      n: 1,
      votes: [14, 31, 22, 9, 27, 5, 18, 11][i] ?? 0,
    })),
  },
  {
    id: 750002,
    slug: "vtuber-appealcontest2",
    name: "第2回 Vtuberアピールコンテスト",
    description: "第2回の投票受付中！1つのエントリーに1日1回投票できます。中間ランキングは毎日更新されます。",
    template: APPEAL_TEMPLATE,
    hashTag: "Vtuberアピールコンテスト2",
    start: -20,
    end: 15,
    entryStart: -20,
    entryEnd: -3,
    voteStart: -3,
    voteEnd: 10,
    judges: [{ name: "桜井蓮", title: "特別審査員" }],
    prizes: ["グランプリ", "準グランプリ", "優秀賞"],
    entries: [101, 102, 103, 104, 105, 106, 107, 108, 109, 110].map((fanclubId, i) => ({
      fanclubId,
      n: 2,
      votes: [8, 19, 25, 4, 13, 2, 16, 7, 10, 1][i] ?? 0,
    })),
  },
  {
    id: 750003,
    slug: "vtuber-appealcontest3",
    name: "第3回 Vtuberアピールコンテスト",
    description: "第3回のエントリー受付中！投稿フォームで「第3回 Vtuberアピールコンテスト」を選んでエントリーしてください。",
    template: APPEAL_TEMPLATE,
    hashTag: "Vtuberアピールコンテスト3",
    start: -5,
    end: 40,
    entryStart: -5,
    entryEnd: 14,
    voteStart: 15,
    voteEnd: 30,
    judges: [],
    prizes: ["グランプリ", "準グランプリ", "優秀賞"],
    entries: [109, 110, 111, 112].map((fanclubId) => ({ fanclubId, n: 1, votes: 0 })),
  },
  {
    id: 750004,
    slug: "vtuber-photocontest",
    name: "Vtuberフォトコンテスト",
    description: "お気に入りの一枚を投稿しよう。エントリーと投票を同時に受け付けています。",
    template: "【写真のタイトル】\n\n【撮影のこだわり】\n\n#Vtuberフォトコンテスト",
    hashTag: "Vtuberフォトコンテスト",
    start: -7,
    end: 21,
    entryStart: -7,
    entryEnd: 14,
    voteStart: -6,
    voteEnd: 14,
    judges: [{ name: "白石美咲", title: "フォト審査員" }],
    prizes: ["最優秀賞", "優秀賞", "佳作"],
    entries: [113, 115, 111].map((fanclubId, i) => ({ fanclubId, n: i === 2 ? 3 : 1, votes: [6, 12, 3][i] ?? 0 })),
  },
];

/**
 * @param {{ now: number, fanIds: number[] }} input the demo fans who voted (fan01–fan20)
 * @returns {string[]}
 */
export function contestDemoStatements({ now, fanIds }) {
  const at = (/** @type {number} */ days) => Math.round(now + days * DAY);
  /** @type {string[]} */
  const out = [];
  let entryId = 750101;
  let voteId = 751000;
  for (const c of DEMO_CONTESTS) {
    out.push(
      "INSERT INTO contests (id, slug, name, description, post_template, hash_tag, start_at, end_at, entry_start_at, entry_end_at, vote_start_at, vote_end_at, judges, prizes, created_at, updated_at) VALUES (" +
        [
          c.id,
          q(c.slug),
          q(c.name),
          q(c.description),
          q(c.template),
          q(c.hashTag),
          at(c.start),
          at(c.end),
          at(c.entryStart),
          at(c.entryEnd),
          at(c.voteStart),
          at(c.voteEnd),
          q(JSON.stringify(c.judges)),
          q(JSON.stringify(c.prizes)),
          at(c.start),
          at(c.start),
        ].join(", ") +
        ") ON CONFLICT(id) DO UPDATE SET slug = excluded.slug, name = excluded.name, description = excluded.description, post_template = excluded.post_template, hash_tag = excluded.hash_tag, start_at = excluded.start_at, end_at = excluded.end_at, entry_start_at = excluded.entry_start_at, entry_end_at = excluded.entry_end_at, vote_start_at = excluded.vote_start_at, vote_end_at = excluded.vote_end_at, judges = excluded.judges, prizes = excluded.prizes;",
    );
    for (const e of c.entries) {
      const postId = postOf(e.fanclubId, e.n);
      out.push(
        `INSERT INTO contest_entries (id, contest_id, post_id, fanclub_id, vote_count, created_at) VALUES (${entryId}, ${c.id}, ${postId}, ${e.fanclubId}, 0, ${at(c.entryStart + 1)}) ON CONFLICT DO NOTHING;`,
        `UPDATE posts SET contest_id = ${c.id} WHERE id = ${postId};`,
      );
      // votes on the last days of voting that have passed, each fan once a day per entry
      const lastDay = Math.min(c.voteEnd, 0) - 1;
      for (let k = 0; k < e.votes; k++) {
        const fan = fanIds[k % fanIds.length];
        const day = lastDay - Math.floor(k / fanIds.length);
        out.push(
          `INSERT INTO contest_votes (id, contest_id, entry_id, user_id, day_key, created_at) VALUES (${voteId}, ${c.id}, ${entryId}, ${fan}, ${q(dayKey(at(day)))}, ${at(day)}) ON CONFLICT DO NOTHING;`,
        );
        voteId++;
      }
      entryId++;
    }
  }
  // the counts from the stored votes, as a vote's batch keeps them
  out.push(
    `UPDATE contest_entries SET vote_count = (SELECT count(*) FROM contest_votes v WHERE v.entry_id = contest_entries.id) WHERE contest_id IN (${DEMO_CONTESTS.map((c) => c.id).join(", ")});`,
  );
  return out;
}
