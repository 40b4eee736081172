/**
 * spec §2: a failed chunk load (usually a deploy replaced the assets) triggers a full reload.
 * A short-lived marker stops a broken deploy from reloading forever.
 */
const MARK = "chunk-reload-at";

export function installChunkReload(): void {
  const reload = () => {
    const last = Number(sessionStorage.getItem(MARK) ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem(MARK, String(Date.now()));
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reload();
  });
  window.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as { message?: unknown } | undefined)?.message ?? event.reason);
    if (
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        message,
      )
    ) {
      reload();
    }
  });
}
