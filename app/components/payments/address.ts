import type { Namespace } from "../../../locales/namespaces";

/**
 * Namespaces a page needs because of its address: a page opened with the modal's query shows the
 * modal right after hydrating, so its texts are fetched with the page's own, before hydration. A
 * namespace arriving later re-renders every translated component, and one still hydrating a lazy
 * part would then throw React's error 421. (The parameters that open it: ./query-launcher.tsx; only
 * the entry imports this module, so it adds no chunk of its own.)
 */
export function namespacesForAddress(search: string): Namespace[] {
  const params = new URLSearchParams(search);
  return params.has("plan") || params.has("payExpired") || params.has("paymentPage") ? ["payments"] : [];
}
