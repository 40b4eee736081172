import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contestChoice,
  contestPhase,
  contestSchema,
  contestSelectorShown,
  contestStage,
  judgeLines,
  judgesFromJson,
  podium,
  prizesFromJson,
  rankEntries,
  voteDayKey,
  winnerCount,
  type ContestWindows,
} from "../../server/domain/contests";
import { jstInstantOf } from "../../server/domain/jst-time";
import { translatorFor } from "../../server/i18n";

// 2025-06-01 00:00 JST onwards: entries for a week, voting the week after, results on the 15th
const W: ContestWindows = {
  startAt: jstInstantOf(2025, 6, 1),
  endAt: jstInstantOf(2025, 6, 20),
  entryStartAt: jstInstantOf(2025, 6, 1),
  entryEndAt: jstInstantOf(2025, 6, 8),
  voteStartAt: jstInstantOf(2025, 6, 8),
  voteEndAt: jstInstantOf(2025, 6, 15),
};

describe("contest windows in Japan time", () => {
  it("opens entries at 00:00 JST of the first day and closes them at the end instant", () => {
    expect(contestPhase(W, W.entryStartAt - 1).entryOpen).toBe(false);
    expect(contestPhase(W, W.entryStartAt).entryOpen).toBe(true);
    expect(contestPhase(W, W.entryEndAt - 1).entryOpen).toBe(true);
    expect(contestPhase(W, W.entryEndAt).entryOpen).toBe(false);
    // 2025-05-31 15:00 UTC is 2025-06-01 00:00 in Japan
    expect(W.entryStartAt).toBe(Date.UTC(2025, 4, 31, 15, 0));
  });

  it("refuses votes before and after the voting window", () => {
    expect(contestPhase(W, W.voteStartAt - 1).votingOpen).toBe(false);
    expect(contestPhase(W, W.voteStartAt).votingOpen).toBe(true);
    expect(contestPhase(W, W.voteEndAt - 1).votingOpen).toBe(true);
    expect(contestPhase(W, W.voteEndAt).votingOpen).toBe(false);
  });

  it("names one stage: upcoming, entry, voting, then results once voting has closed", () => {
    expect(contestStage(W, W.startAt - 1)).toBe("upcoming");
    expect(contestStage(W, W.entryStartAt + 1)).toBe("entry");
    expect(contestStage(W, W.voteStartAt + 1)).toBe("voting");
    expect(contestStage(W, W.voteEndAt)).toBe("results");
    expect(contestStage(W, W.endAt + 1)).toBe("results");
  });

  it("shows voting while entries are still open when the windows overlap", () => {
    const overlap = { ...W, voteStartAt: jstInstantOf(2025, 6, 3) };
    const now = jstInstantOf(2025, 6, 4);
    expect(contestPhase(overlap, now)).toMatchObject({ entryOpen: true, votingOpen: true });
    expect(contestStage(overlap, now)).toBe("voting");
  });
});

describe("the vote's day key", () => {
  it("is the Japan date, turning at 00:00 JST (15:00 UTC)", () => {
    expect(voteDayKey(Date.UTC(2025, 5, 10, 14, 59, 59))).toBe("2025-06-10");
    expect(voteDayKey(Date.UTC(2025, 5, 10, 15, 0, 0))).toBe("2025-06-11");
    expect(voteDayKey(jstInstantOf(2025, 12, 31, 23, 59))).toBe("2025-12-31");
    expect(voteDayKey(jstInstantOf(2026, 1, 1, 0, 0))).toBe("2026-01-01");
  });

  it("is the same for every instant of one Japan day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 60 * 60 * 1000 - 1 }), (ms) => {
        expect(voteDayKey(jstInstantOf(2025, 6, 10) + ms)).toBe("2025-06-10");
      }),
    );
  });
});

describe("ranking", () => {
  it("orders by votes, and a tie by the earlier entry", () => {
    const ranked = rankEntries([
      { id: 3, voteCount: 5 },
      { id: 1, voteCount: 2 },
      { id: 2, voteCount: 5 },
      { id: 4, voteCount: 9 },
    ]);
    expect(ranked.map((e) => [e.id, e.rank])).toEqual([
      [4, 1],
      [2, 2],
      [3, 3],
      [1, 4],
    ]);
  });

  it("is a total order: any shuffle ranks the same", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), voteCount: fc.nat(20) }), { selector: (e) => e.id }),
        (entries) => {
          const a = rankEntries(entries).map((e) => e.id);
          const b = rankEntries([...entries].reverse()).map((e) => e.id);
          expect(a).toEqual(b);
          const r = rankEntries(entries);
          for (let i = 1; i < r.length; i++) {
            const [x, y] = [r[i - 1]!, r[i]!];
            expect(x.voteCount > y.voteCount || (x.voteCount === y.voteCount && x.id < y.id)).toBe(true);
          }
        },
      ),
    );
  });

  it("lays the podium out second, first, third: the first in the middle", () => {
    expect(podium(["gold", "silver", "bronze", "fourth"])).toEqual([
      { place: 2, entry: "silver" },
      { place: 1, entry: "gold" },
      { place: 3, entry: "bronze" },
    ]);
    expect(podium(["gold", "silver"])).toEqual([
      { place: 2, entry: "silver" },
      { place: 1, entry: "gold" },
    ]);
    expect(podium(["gold"])).toEqual([{ place: 1, entry: "gold" }]);
    expect(podium([])).toEqual([]);
  });

  it("names one winner per prize, three without prizes", () => {
    expect(winnerCount(["a", "b"])).toBe(2);
    expect(winnerCount([])).toBe(3);
  });
});

describe("the post form's contest selector (spec §5)", () => {
  const during = jstInstantOf(2025, 6, 5);
  it("is hidden for group posts and for a post entered in a running contest", () => {
    expect(contestSelectorShown({ isGroupPost: true, enteredContest: null, now: during })).toBe(false);
    expect(contestSelectorShown({ isGroupPost: false, enteredContest: W, now: during })).toBe(false);
    expect(contestSelectorShown({ isGroupPost: false, enteredContest: null, now: during })).toBe(true);
    expect(contestSelectorShown({ isGroupPost: false, enteredContest: W, now: W.endAt })).toBe(true);
  });

  it("enters an open contest, keeps a running entry, and refuses closed contests and group posts", () => {
    const base = { isGroupPost: false, current: null, now: during };
    expect(contestChoice({ ...base, requested: 7, chosen: W })).toEqual({ ok: true, contestId: 7, enter: true });
    expect(contestChoice({ ...base, requested: -1, chosen: null })).toEqual({ ok: true, contestId: null, enter: false });
    expect(contestChoice({ ...base, requested: 7, chosen: null })).toEqual({ ok: false });
    expect(contestChoice({ ...base, requested: 7, chosen: W, now: W.entryEndAt })).toEqual({ ok: false });
    expect(contestChoice({ ...base, requested: 7, chosen: W, isGroupPost: true })).toEqual({ ok: false });
    const current = { id: 7, windows: W };
    expect(contestChoice({ ...base, current, requested: -1, chosen: null })).toEqual({ ok: true, contestId: 7, enter: false });
    expect(contestChoice({ ...base, current, requested: 8, chosen: W })).toEqual({ ok: false });
  });
});

describe("the operator's contest form", () => {
  const t = translatorFor("ja", "common");
  const valid = {
    name: "第4回 アピールコンテスト",
    slug: "vtuber-appealcontest4",
    hashTag: "#アピール",
    startAt: "2025-06-01T00:00",
    endAt: "2025-06-20T00:00",
    entryStartAt: "2025-06-01T00:00",
    entryEndAt: "2025-06-08T00:00",
    voteStartAt: "2025-06-08T00:00",
    voteEndAt: "2025-06-15T00:00",
    judges: "星野あかり | 特別審査員\n\n桜井蓮",
    prizes: "グランプリ\n準グランプリ",
  };

  it("reads times as Japan time, judges and prizes one a line, the hashtag without '#'", () => {
    const v = contestSchema(t).parse(valid);
    expect(v.entryStartAt).toBe(W.entryStartAt);
    expect(v.hashTag).toBe("アピール");
    expect(v.judges).toEqual([
      { name: "星野あかり", title: "特別審査員" },
      { name: "桜井蓮", title: "" },
    ]);
    expect(v.prizes).toEqual(["グランプリ", "準グランプリ"]);
  });

  it("refuses a bad slug, missing name and windows outside the period, in Japanese", () => {
    const r = contestSchema(t).safeParse({ ...valid, name: " ", slug: "Bad Slug", voteEndAt: "2025-06-25T00:00" });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toContain("コンテスト名を入力してください。");
    expect(messages).toContain("URLは半角英小文字・数字・ハイフンで入力してください。");
    expect(messages).toContain("投票期間は開催期間の中にしてください。");
  });

  it("refuses a voting window that ends before it starts and a date that does not exist", () => {
    expect(contestSchema(t).safeParse({ ...valid, voteEndAt: "2025-06-07T00:00" }).success).toBe(false);
    expect(contestSchema(t).safeParse({ ...valid, entryEndAt: "2025-02-30T00:00" }).success).toBe(false);
  });

  it("round-trips judges through the form's lines and the stored JSON", () => {
    const judges = contestSchema(t).parse({ ...valid, judges: "A | 審査員長\nB" }).judges;
    expect(contestSchema(t).parse({ ...valid, judges: judgeLines(judges) }).judges).toEqual(judges);
    expect(judgesFromJson(JSON.stringify(judges))).toEqual(judges);
    expect(judgesFromJson("not json")).toEqual([]);
    expect(prizesFromJson('["x", 3, "y"]')).toEqual(["x", "y"]);
  });
});
