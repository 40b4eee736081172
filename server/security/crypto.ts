/**
 * Secrets and hashes, on WebCrypto only (the same code runs in workerd and in Node's tests).
 */

const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A random secret for links and cookies: 256 bits, base64url (43 characters). */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Hex SHA-256: how session ids and e-mail tokens are stored, so a leaked table opens nothing. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares without an early exit, so timing tells nothing about where two secrets differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** workerd refuses PBKDF2 above 100,000 iterations; we use the maximum it allows. */
export const PBKDF2_ITERATIONS = 100_000;
const PBKDF2_PREFIX = "pbkdf2-sha256";

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password.normalize("NFKC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`, with a fresh 128-bit salt per password. */
export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await pbkdf2(password, salt, iterations);
  return [PBKDF2_PREFIX, String(iterations), toBase64Url(salt), toBase64Url(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [prefix, iterations, salt, hash] = stored.split("$");
  if (prefix !== PBKDF2_PREFIX || !iterations || !salt || !hash) return false;
  const n = Number(iterations);
  if (!Number.isInteger(n) || n < 1 || n > PBKDF2_ITERATIONS) return false;
  const actual = await pbkdf2(password, fromBase64Url(salt), n);
  return constantTimeEqual(actual, fromBase64Url(hash));
}

/**
 * A hash to verify against when no account matches, so an unknown address takes as long as a
 * wrong password and response times do not reveal who has an account.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomToken(16));
  return decoy;
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** HMAC-SHA256 of `message` under `secret`; the imported key is kept per secret for the isolate's life. */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
  }
  return new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(message)));
}
