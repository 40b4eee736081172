/** Calls our JSON API from the browser (spec §7): same origin, X-Requested-With, `{success, payload}`. */
export interface ApiResult<T> {
  success: boolean;
  payload: T & { message?: string };
  status: number;
}

export async function callApi<T>(path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<ApiResult<T>> {
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
