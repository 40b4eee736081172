/** Calls our JSON API from the browser (spec §7): same origin, X-Requested-With, `{success, payload}`. */
export interface ApiResult<T> {
  success: boolean;
  payload: T & { message?: string };
  status: number;
}

/**
 * Set while this page signs its person out, until the browser leaves for the next page. A call
 * made meanwhile (the sidebar's list loads once the page is interactive, which on a slow device can
 * be after the click) could only be refused with a 401 that the browser logs and the person would
 * see as an error toast; such calls wait, and go ahead only if the sign-out failed.
 */
let signingOut: Promise<boolean> | null = null;

/** Signs out on every brand at once (DELETE sign_out, spec §7); true when the server confirmed it. */
export async function signOut(): Promise<boolean> {
  const done = (async () => {
    try {
      const res = await fetch("/api/v1/auth/sign_out", {
        method: "DELETE",
        headers: { "X-Requested-With": "XMLHttpRequest" },
        credentials: "same-origin",
      });
      const body = (await res.json()) as { success?: boolean };
      return res.ok && body.success === true;
    } catch {
      return false;
    }
  })();
  signingOut = done;
  const ok = await done;
  if (!ok) signingOut = null;
  return ok;
}

export async function callApi<T>(path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<ApiResult<T>> {
  // the page is leaving for the signed-out one: nothing this call could answer would be shown
  if (signingOut && (await signingOut)) return new Promise<never>(() => undefined);
  const controller = new AbortController();
  const timer = init.timeoutMs ? setTimeout(() => controller.abort(), init.timeoutMs) : undefined;
  try {
    const res = await fetch(`/api/v1${path}`, {
      method: init.method ?? "GET",
      credentials: "same-origin",
      signal: controller.signal,
      headers: {
        "X-Requested-With": "XMLHttpRequest",
        Accept: "application/json",
        ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const json = (await res.json()) as { success: boolean; payload: T & { message?: string } };
    return { ...json, status: res.status };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
