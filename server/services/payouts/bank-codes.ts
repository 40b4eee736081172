import { codeListKana, searchFold } from "../../domain/bank-account";
import type { ZenginCode } from "zengin-code";

/**
 * The official bank and branch code lists (Zengin codes, from the `zengin-code` package). The
 * lists are large (every bank and branch in Japan), so they are loaded on first use, on the
 * server only: the browser searches through `/api/v1/bank_accounts/banks` and `/branches` and
 * never downloads them.
 */

let lists: Promise<ZenginCode> | null = null;
function codeLists(): Promise<ZenginCode> {
  lists ??= import("zengin-code").then((m) => (m as { default?: ZenginCode }).default ?? (m as unknown as ZenginCode));
  return lists;
}

export interface CodeEntry {
  code: string;
  name: string;
  /** half-width katakana, as the transfer file writes it */
  kana: string;
}

const SEARCH_LIMIT = 20;

function matches(entry: { code: string; name: string; kana: string; roma: string }, q: string): number {
  if (entry.code === q) return 0;
  if (entry.code.startsWith(q)) return 1;
  const name = searchFold(entry.name);
  const kana = searchFold(entry.kana);
  if (name.startsWith(q) || kana.startsWith(q) || entry.roma.startsWith(q)) return 2;
  if (name.includes(q) || kana.includes(q)) return 3;
  return -1;
}

function search(entries: Iterable<{ code: string; name: string; kana: string; roma: string }>, raw: string): CodeEntry[] {
  const q = searchFold(raw);
  if (!q) return [];
  const found: Array<{ rank: number; e: { code: string; name: string; kana: string } }> = [];
  for (const e of entries) {
    const rank = matches(e, q);
    if (rank >= 0) found.push({ rank, e });
  }
  return found
    .sort((a, b) => a.rank - b.rank || a.e.code.localeCompare(b.e.code))
    .slice(0, SEARCH_LIMIT)
    .map(({ e }) => ({ code: e.code, name: e.name, kana: codeListKana(e.kana) }));
}

/** Banks whose code, name, kana or romaji reading matches; at most 20, best matches first. */
export async function searchBanks(q: string): Promise<CodeEntry[]> {
  return search(Object.values(await codeLists()), q);
}

/** Branches of one bank, the same way; an unknown bank has none. */
export async function searchBranches(bankCode: string, q: string): Promise<CodeEntry[]> {
  const all = await codeLists();
  const bank = Object.hasOwn(all, bankCode) ? all[bankCode] : undefined;
  if (!bank) return [];
  return search(Object.values(bank.branches), q);
}

export type BankBranchLookup = { ok: true; bank: CodeEntry; branch: CodeEntry } | { ok: false; reason: "unknownBank" | "unknownBranch" };

/** The bank and branch of a pair of codes, or which of the two the lists do not know. */
export async function lookupBankBranch(bankCode: string, branchCode: string): Promise<BankBranchLookup> {
  const all = await codeLists();
  const bank = Object.hasOwn(all, bankCode) ? all[bankCode] : undefined;
  if (!bank) return { ok: false, reason: "unknownBank" };
  const branch = Object.hasOwn(bank.branches, branchCode) ? bank.branches[branchCode] : undefined;
  if (!branch) return { ok: false, reason: "unknownBranch" };
  return {
    ok: true,
    bank: { code: bank.code, name: bank.name, kana: codeListKana(bank.kana) },
    branch: { code: branch.code, name: branch.name, kana: codeListKana(branch.kana) },
  };
}
