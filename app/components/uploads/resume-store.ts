/**
 * Unfinished uploads the browser remembers across reloads: a file picked again (same name, size,
 * modification time and list) continues its upload instead of sending finished parts again.
 * localStorage only holds ids, never file contents.
 */
const STORAGE_KEY = "uploads:resume";
/** The server aborts unfinished uploads after a day; older records point at nothing. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface ResumeRecord {
  fileId: number;
  key: string;
  uploadId: string;
  savedAt: number;
}

function readAll(): Record<string, ResumeRecord> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, ResumeRecord>) : {};
  } catch {
    return {};
  }
}

function writeAll(records: Record<string, ResumeRecord>) {
  try {
    if (Object.keys(records).length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(records));
  } catch {
    // private mode or a full storage: the upload still works, it only cannot resume
  }
}

export function findResume(fingerprint: string, now = Date.now()): ResumeRecord | null {
  const record = readAll()[fingerprint];
  if (!record || typeof record.fileId !== "number" || now - record.savedAt > MAX_AGE_MS) return null;
  return record;
}

export function saveResume(fingerprint: string, record: Omit<ResumeRecord, "savedAt">, now = Date.now()) {
  const records = readAll();
  for (const [key, value] of Object.entries(records)) if (now - value.savedAt > MAX_AGE_MS) delete records[key];
  records[fingerprint] = { ...record, savedAt: now };
  writeAll(records);
}

export function forgetResume(fingerprint: string) {
  const records = readAll();
  if (!(fingerprint in records)) return;
  delete records[fingerprint];
  writeAll(records);
}
