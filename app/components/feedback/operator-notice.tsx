import { useEffect } from "react";
import { useRootData } from "~/lib/root-data";
import { useDialog } from "./dialog";

interface Notice {
  id: number;
  title: string;
  html: string;
  sizing: "small" | "medium" | "large";
  closeText: string;
}

/**
 * The operator's notice for this brand (spec §2 admin dialog, decision 041): asked for once the
 * page is up, shown as a dialog, and dismissed for good when closed by any means (button, Escape,
 * backdrop). The page itself never carries it, so pages shared between visitors stay shared.
 */
export function OperatorNotice() {
  const dialog = useDialog();
  // the account, login and help hosts belong to no brand, so they have no notice to ask for
  const onBrandHost = useRootData()?.isBrandHost ?? false;
  useEffect(() => {
    if (!onBrandHost) return;
    const controller = new AbortController();
    (async () => {
      const res = await fetch("/notices/current", { signal: controller.signal, headers: { Accept: "application/json" } });
      if (!res.ok) return;
      const { notice } = (await res.json()) as { notice: Notice | null };
      if (!notice || controller.signal.aborted) return;
      await dialog.alert({ title: notice.title, message: notice.html, isAdmin: true, sizing: notice.sizing, okText: notice.closeText });
      await fetch(`/notices/${notice.id}/dismiss`, { method: "POST" });
    })().catch(() => {
      // a notice is a courtesy: when the network fails the page goes on without it
    });
    return () => controller.abort();
  }, [dialog, onBrandHost]);
  return null;
}
