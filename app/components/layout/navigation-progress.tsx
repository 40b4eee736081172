import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { LOADING_INDICATOR_DELAY_MS, PROGRESS_BAR_MS } from "~/lib/motion";

/**
 * spec §9 progress bar: a thin bar at the top of the window while a page is on its way. It creeps
 * towards the end over PROGRESS_BAR_MS (CSS, no timers while it runs), fills when the page
 * arrives and fades. It shows only after LOADING_INDICATOR_DELAY_MS, so a quick navigation never
 * flashes it. Decorative: the page that arrives is what a screen reader hears about.
 */
export function NavigationProgress() {
  const navigating = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");
  useEffect(() => {
    if (navigating) {
      const timer = setTimeout(() => setPhase("running"), LOADING_INDICATOR_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === "running" ? "done" : "hidden"));
  }, [navigating]);
  useEffect(() => {
    if (phase !== "done") return;
    const timer = setTimeout(() => setPhase("hidden"), 400);
    return () => clearTimeout(timer);
  }, [phase]);
  if (phase === "hidden") return null;
  return (
    <div
      className={`nav-progress nav-progress-${phase}`}
      style={{ "--nav-progress-ms": `${PROGRESS_BAR_MS}ms` } as React.CSSProperties}
      aria-hidden="true"
      data-testid="nav-progress"
    />
  );
}
