/**
 * Two-step sign-in rules: codes people type, recovery codes they keep.
 */

export const RECOVERY_CODE_COUNT = 10;
/** Crockford-style alphabet without look-alikes (no 0/O, 1/I/L). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `ABCD-EFGH`: 40 random bits, easy to copy by hand. */
export function formatRecoveryCode(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < 8; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** What a person typed, in the form codes are stored: upper case, no spaces or dashes. */
export function normalizeCode(input: string): string {
  return input.normalize("NFKC").toUpperCase().replace(/[\s-]/g, "");
}

export type CodeKind = "totp" | "recovery" | "invalid";

/** Six digits is an authenticator code; eight letters and digits is a recovery code. */
export function codeKind(input: string): CodeKind {
  const code = normalizeCode(input);
  if (/^\d{6}$/.test(code)) return "totp";
  if (code.length === 8 && [...code].every((ch) => ALPHABET.includes(ch))) return "recovery";
  return "invalid";
}
