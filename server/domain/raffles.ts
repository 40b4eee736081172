/**
 * Raffles: the entry window, the per-fan limit and the draw. Pure (the draw only uses Web Crypto's
 * SHA-256, present in Workers, browsers and Node), so the page that shows a result can say exactly
 * how to recompute it.
 *
 * The draw, algorithm `sha256-ctr-fisher-yates-v1`:
 * 1. Tickets: the entries ordered by entry id ascending, each repeated `count` times.
 * 2. Random words: block k (k = 0, 1, 2, …) is SHA-256(seed bytes ‖ k as 4 bytes big-endian); each
 *    block gives eight 32-bit big-endian words, used in order.
 * 3. An integer below m: take the next word w; if w ≥ m·⌊2³²/m⌋ discard it and take another
 *    (so every value is equally likely); the result is w mod m.
 * 4. Fisher–Yates from the front: for i = 0, 1, …: j = i + (integer below n − i); swap tickets i and
 *    j; ticket i's fan becomes the next winner unless already one. Stop when `winnerCount` fans
 *    have won or the tickets run out.
 * The same seed and entries always give the same winners, in the same order (rank).
 */

export const RAFFLE_ALGORITHM = "sha256-ctr-fisher-yates-v1";

/** Bytes of a draw's seed (shown as 64 hex digits). */
const SEED_BYTES = 32;

export const RAFFLE_LIMITS = {
  title: 100,
  description: 3000,
  prizeDescription: 1000,
  /** yen per entry; 0 is a free raffle */
  maxPrice: 100_000,
  maxWinners: 100,
  maxEntriesPerFan: 100,
} as const;

/** Where a raffle stands for fans at `now`. */
export type RafflePhase = "draft" | "upcoming" | "open" | "closed" | "drawn";

export type RaffleTimes = { status: "draft" | "published" | "drawn"; entryStartAt: number; entryEndAt: number };

/** Entries are taken from the start (inclusive) to the end (exclusive); the draw comes after the end. */
export function rafflePhase(raffle: RaffleTimes, now: number): RafflePhase {
  if (raffle.status === "drawn") return "drawn";
  if (raffle.status === "draft") return "draft";
  if (now < raffle.entryStartAt) return "upcoming";
  if (now < raffle.entryEndAt) return "open";
  return "closed";
}

function isEntryOpen(raffle: RaffleTimes, now: number): boolean {
  return rafflePhase(raffle, now) === "open";
}

/** A draw is possible once a published raffle's entries have closed, and only once. */
export function canDraw(raffle: RaffleTimes, now: number): boolean {
  return rafflePhase(raffle, now) === "closed";
}

export type EntryProblem = "raffleClosed" | "invalidQuantity" | "limitReached";

/**
 * Whether a fan holding `held` entries may buy `quantity` more at `now`. The same rule holds in
 * SQL inside the purchase batch (raffle_entries_limit_capacity), where concurrent purchases meet.
 */
export function entryProblem(
  raffle: RaffleTimes & { maxEntriesPerFan: number },
  held: number,
  quantity: number,
  now: number,
): EntryProblem | null {
  if (!isEntryOpen(raffle, now)) return "raffleClosed";
  if (!Number.isSafeInteger(quantity) || quantity < 1) return "invalidQuantity";
  if (held + quantity > raffle.maxEntriesPerFan) return "limitReached";
  return null;
}

/** How many more entries the fan may buy (0 when the limit is reached). */
export function entriesLeft(maxEntriesPerFan: number, held: number): number {
  return Math.max(0, maxEntriesPerFan - held);
}

/** A draw's fresh seed, from the platform's CSPRNG. */
export function newSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
}

export function isSeed(value: string): boolean {
  return /^[0-9a-f]+$/.test(value) && value.length % 2 === 0 && value.length >= 2;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  if (!isSeed(hex)) throw new RangeError("a seed is lower-case hex of whole bytes");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Step 2–3 of the algorithm: uniform integers from SHA-256 in counter mode. */
export class SeededIntegers {
  private readonly seed: Uint8Array<ArrayBuffer>;
  private counter = 0;
  private words: number[] = [];

  constructor(seedHex: string) {
    this.seed = fromHex(seedHex);
  }

  private async nextWord(): Promise<number> {
    if (this.words.length === 0) {
      if (this.counter > 0xffffffff) throw new RangeError("draw ran out of counter blocks");
      const input = new Uint8Array(this.seed.length + 4);
      input.set(this.seed);
      new DataView(input.buffer).setUint32(this.seed.length, this.counter++, false);
      const block = new DataView(await crypto.subtle.digest("SHA-256", input));
      for (let i = 0; i < 8; i++) this.words.push(block.getUint32(i * 4, false));
    }
    return this.words.shift()!;
  }

  /** An integer in [0, m), every value equally likely (rejection sampling). */
  async below(m: number): Promise<number> {
    if (!Number.isSafeInteger(m) || m < 1 || m > 0x100000000) throw new RangeError(`cannot draw below ${m}`);
    const limit = Math.floor(0x100000000 / m) * m;
    for (;;) {
      const word = await this.nextWord();
      if (word < limit) return word % m;
    }
  }
}

export type DrawEntry = { id: number; userId: number; count: number };
export type DrawWinner = { rank: number; entryId: number; userId: number };

/** Step 1: the tickets in canonical order (entry id ascending, each entry `count` times). */
export function drawTickets(entries: readonly DrawEntry[]): DrawEntry[] {
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  const tickets: DrawEntry[] = [];
  for (const entry of sorted) for (let k = 0; k < entry.count; k++) tickets.push(entry);
  return tickets;
}

/** The winners of a draw: distinct fans, rank 1 first; fewer than asked when fewer fans entered. */
export async function drawWinners(seedHex: string, entries: readonly DrawEntry[], winnerCount: number): Promise<DrawWinner[]> {
  const tickets = drawTickets(entries);
  const random = new SeededIntegers(seedHex);
  const winners: DrawWinner[] = [];
  const won = new Set<number>();
  for (let i = 0; i < tickets.length && winners.length < winnerCount; i++) {
    const j = i + (await random.below(tickets.length - i));
    [tickets[i], tickets[j]] = [tickets[j]!, tickets[i]!];
    const ticket = tickets[i]!;
    if (won.has(ticket.userId)) continue;
    won.add(ticket.userId);
    winners.push({ rank: winners.length + 1, entryId: ticket.id, userId: ticket.userId });
  }
  return winners;
}

export type RaffleInput = {
  title: string;
  description: string;
  prizeDescription: string;
  entryPrice: number;
  winnerCount: number;
  entryStartAt: number;
  entryEndAt: number;
  maxEntriesPerFan: number;
};

export type RaffleEditProblem = "window" | "drawn" | "priceLocked";

/**
 * What a creator may change: nothing once drawn; the window must end after it starts; once someone
 * entered, the entry price stays (fans paid it).
 */
export function raffleEditProblem(
  current: RaffleTimes & { entryPrice: number },
  next: RaffleInput,
  entryCount: number,
): RaffleEditProblem | null {
  if (current.status === "drawn") return "drawn";
  if (next.entryEndAt <= next.entryStartAt) return "window";
  if (entryCount > 0 && next.entryPrice !== current.entryPrice) return "priceLocked";
  return null;
}
