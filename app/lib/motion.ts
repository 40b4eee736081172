/**
 * Timings of spec §9 for the shell's motion: the navigation progress bar runs over 5,000 ms, the
 * back-to-top scroll takes 100 ms at a linear pace. The spec's "fetch minimum delay" of 200 ms is
 * read as the wait before a loading indicator appears (decision 041): a navigation that ends
 * sooner never flashes the bar, and no request is made slower to fill the time.
 */
export const PROGRESS_BAR_MS = 5000;
export const LOADING_INDICATOR_DELAY_MS = 200;
export const SCROLL_TO_TOP_MS = 100;

/** Where a linear scroll from `from` to 0 stands after `elapsed` of `duration` ms. */
export function linearScrollTop(from: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return 0;
  return Math.round(from * (1 - Math.max(0, elapsed) / duration));
}

/**
 * Back to the top of the page in `SCROLL_TO_TOP_MS`, linear (spec §9). People who asked their
 * system for less motion jump there at once.
 */
export function scrollToTop(): void {
  const from = window.scrollY;
  if (from <= 0) return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return window.scrollTo(0, 0);
  const start = performance.now();
  const step = (now: number) => {
    const top = linearScrollTop(from, now - start, SCROLL_TO_TOP_MS);
    window.scrollTo(0, top);
    if (top > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
