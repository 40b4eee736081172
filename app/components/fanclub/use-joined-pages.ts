import { useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import type { JoinedFanclub, JoinedPage } from "../../../server/services/joined";

/** The cursor of spec §3 sidemenu paging, as query parameters (`prevLastId`, `prevActivedAt`). */
export function joinedCursorQuery(next: JoinedPage["next"]): string {
  return new URLSearchParams({ prevLastId: String(next.lastId ?? ""), prevActivedAt: next.lastActionedAt ?? "" }).toString();
}

/**
 * Pages of the joined fan clubs, fetched by cursor from `endpoint` (the sidebar's `/fanclubs/sidemenu`
 * or the page's `/fanclubs/joined`); a failure is a toast of the message (spec §8).
 */
export function useJoinedPages(endpoint: string, initial: { fanclubs: JoinedFanclub[]; next: JoinedPage["next"] } | null) {
  const { t } = useTranslation("discovery");
  const toast = useToast();
  const [items, setItems] = useState<JoinedFanclub[] | null>(initial?.fanclubs ?? null);
  const [next, setNext] = useState<JoinedPage["next"] | null>(initial?.next ?? null);
  const [busy, setBusy] = useState(false);
  const load = async (after: JoinedPage["next"] | null) => {
    setBusy(true);
    try {
      const res = await callApi<JoinedPage>(`${endpoint}${after ? `?${joinedCursorQuery(after)}` : ""}`);
      if (res.success) {
        setItems((list) => [...(after ? (list ?? []) : []), ...res.payload.fanclubs]);
        setNext(res.payload.next);
      } else {
        toast.show(res.payload.message ?? t("api.server"), "error");
      }
    } catch {
      toast.show(t("api.server"), "error");
    } finally {
      setBusy(false);
    }
  };
  /** a new first page from the server (the page's loader ran again) */
  const reset = (page: { fanclubs: JoinedFanclub[]; next: JoinedPage["next"] }) => {
    setItems(page.fanclubs);
    setNext(page.next);
  };
  return { items, next, busy, load, reset };
}
