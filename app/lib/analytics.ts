import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { CAMPAIGN_COOKIE, PAGE_VIEW_DELAY_MS, purchaseEvent } from "../../server/domain/analytics";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Appends to the first-party data layer; a tag manager, where one is installed, reads it. */
function push(entry: unknown) {
  (window.dataLayer ??= []).push(entry);
}

/** spec §9: a page view 250 ms after each navigation (the first page load included). */
export function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(
      () => push({ event: "page_view", page_path: `${pathname}${search}`, page_title: document.title }),
      PAGE_VIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [pathname, search]);
}

function cookie(name: string): string | null {
  const hit = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** spec §4: after a paid purchase, the e-commerce purchase event. */
export function pushPurchase(userToken: string, purchase: { total: number; items: readonly { type: string; targetType: string }[] }) {
  const event = purchaseEvent({ campaign: cookie(CAMPAIGN_COOKIE), userToken, now: Date.now(), ...purchase });
  if (event) push(event);
}
