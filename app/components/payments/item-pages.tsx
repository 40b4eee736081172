import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import type { ApiResult } from "~/lib/api";
import { preloadNamespaces } from "~/lib/i18n";
import type { PurchaseSummary } from "../../../server/services/cart-purchase";
import type { CartPayload } from "./types";

/**
 * The modal's pages that show one thing to buy before the payment pages (spec §4: 10 live ticket,
 * 50 product; 60 tip and 70 raffle entry are ours). Each page is its own lazy chunk, registered
 * here; the modal owns pages 2–4 and every money step.
 */
/** 61: a tip to the fan club itself (page 60 is a tip on a post; the same page with the other target). */
/** 80: a lesson seat (issue 22). 90: a special ticket (docs/decisions/037). */
export type ItemPageNumber = 10 | 50 | 60 | 61 | 70 | 80 | 90;

export type ItemPageProps = {
  /** what the page shows: the ticket type, product, post (tips) or raffle */
  id: number;
  /** ignore clicks while the modal is working (spec §4 repeat clicks) */
  busy: boolean;
  /** runs `work` once at a time, the modal's busy guard */
  once: (work: () => Promise<void>) => Promise<void>;
  /** the cart now holds the item (a paid one): the modal continues at page 2 */
  onCart: (payload: CartPayload) => void;
  /** a free item was taken at once (spec §4: page 4 with the result as the cart) */
  onFinished: (payload: CartPayload, purchase: PurchaseSummary) => void;
  /** a failed API call: the modal toasts payload.message and errors (spec §8) */
  onFailure: (result: ApiResult<unknown>) => void;
  /** closes the modal; `changed` reloads the page underneath */
  onClose: (changed?: boolean) => void;
};

export type ItemPage = {
  /** key of the page title in the payments namespace */
  titleKey: string;
  Page: LazyExoticComponent<ComponentType<ItemPageProps>>;
};

/** Registered as `50: { titleKey: "titles.product", Page: lazy(() => import("~/components/products/product-page")) }`. */
// the tip page and its texts arrive together when the modal opens it
const tipPage = () => Promise.all([import("~/components/tips/tip-page"), preloadNamespaces(["tips"])]).then(([module]) => module);

const ITEM_PAGES: Partial<Record<ItemPageNumber, ItemPage>> = {
  10: {
    titleKey: "titles.liveTicket",
    Page: lazy(() =>
      Promise.all([import("~/components/lives/ticket-page"), preloadNamespaces(["lives"])]).then(
        ([module]): { default: ComponentType<ItemPageProps> } => module,
      ),
    ),
  },
  60: { titleKey: "titles.tip", Page: lazy(() => tipPage().then((m) => ({ default: m.PostTipPage }))) },
  61: { titleKey: "titles.fanclubTip", Page: lazy(() => tipPage().then((m) => ({ default: m.FanclubTipPage }))) },
  70: {
    titleKey: "titles.raffle",
    Page: lazy(
      async (): Promise<{ default: ComponentType<ItemPageProps> }> =>
        (await Promise.all([import("~/components/raffles/raffle-entry-page"), preloadNamespaces(["raffles"])]))[0],
    ),
  },
  80: {
    titleKey: "titles.lesson",
    Page: lazy<ComponentType<ItemPageProps>>(() =>
      Promise.all([import("~/components/lessons/lesson-page"), preloadNamespaces(["lessons"])]).then(([module]) => module),
    ),
  },
  90: {
    titleKey: "titles.specialTicket",
    Page: lazy<ComponentType<ItemPageProps>>(() =>
      Promise.all([import("~/components/community/ticket-page"), preloadNamespaces(["community"])]).then(([module]) => module),
    ),
  },
  50: {
    titleKey: "titles.product",
    Page: lazy<ComponentType<ItemPageProps>>(() =>
      Promise.all([import("~/components/products/product-page"), preloadNamespaces(["products"])]).then(([module]) => module),
    ),
  },
};

export function itemPage(page: number): ItemPage | null {
  return ITEM_PAGES[page as ItemPageNumber] ?? null;
}
