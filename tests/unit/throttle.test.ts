import { describe, expect, it } from "vitest";
import { MAIL_THROTTLE, SIGN_IN_THROTTLE, ceilingWait, growingDelayWait, longestWait, waitMinutes } from "../../server/domain/throttle";

const now = 10_000_000;
const times = (n: number, gap: number, last = now) => Array.from({ length: n }, (_, i) => last - (n - 1 - i) * gap);

describe("the per account-and-source throttle slows down instead of locking", () => {
  const rule = SIGN_IN_THROTTLE.pair;
  it("lets five failures go free", () => {
    expect(growingDelayWait(rule, times(5, 1000), now)).toBeNull();
  });

  it("then doubles the wait after each further failure, up to 15 minutes", () => {
    expect(growingDelayWait(rule, times(6, 1000), now)).toBe(30_000);
    expect(growingDelayWait(rule, times(7, 1000), now)).toBe(60_000);
    expect(growingDelayWait(rule, times(8, 1000), now)).toBe(120_000);
    expect(growingDelayWait(rule, times(30, 1000), now)).toBe(15 * 60_000);
  });

  it("counts from the last failure, and forgets failures older than an hour", () => {
    expect(growingDelayWait(rule, times(6, 1000, now - 20_000), now)).toBe(10_000);
    expect(growingDelayWait(rule, times(6, 1000, now - 30_000), now)).toBeNull();
    expect(growingDelayWait(rule, times(20, 1000, now - 3_600_001), now)).toBeNull();
  });

  it("allows about a dozen guesses an hour from one source: no brute force", () => {
    let clock = 0;
    const failures: number[] = [];
    while (clock < 3_600_000) {
      const wait = growingDelayWait(rule, failures, clock);
      if (wait === null) failures.push(clock);
      clock += wait ?? 1000;
    }
    expect(failures.length).toBeLessThan(SIGN_IN_THROTTLE.account.max / 5);
  });
});

describe("the per-account ceiling over every source", () => {
  const rule = SIGN_IN_THROTTLE.account;
  it("refuses from the hundredth failure in an hour until the oldest of them is an hour old", () => {
    expect(ceilingWait(rule, times(99, 10_000), now)).toBeNull();
    const hundred = times(100, 10_000);
    expect(ceilingWait(rule, hundred, now)).toBe(hundred[0]! + 3_600_000 - now);
  });
});

describe("mail throttles", () => {
  it("allow three mails an hour to one address and ten from one source", () => {
    expect(ceilingWait(MAIL_THROTTLE.address, times(2, 60_000), now)).toBeNull();
    expect(ceilingWait(MAIL_THROTTLE.address, times(3, 60_000), now)).toBe(3_600_000 - 120_000);
    expect(ceilingWait(MAIL_THROTTLE.source, times(9, 1000), now)).toBeNull();
    expect(ceilingWait(MAIL_THROTTLE.source, times(10, 1000), now)).not.toBeNull();
  });
});

describe("waits", () => {
  it("takes the longest and tells whole minutes", () => {
    expect(longestWait(null, 5, 3)).toBe(5);
    expect(longestWait(null, null)).toBeNull();
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(61_000)).toBe(2);
  });
});
