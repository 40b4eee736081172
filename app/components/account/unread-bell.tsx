import { useEffect, useState } from "react";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";

/** spec §9: the unread check gives up after 5000 ms; any failure means no indicator. */
const UNREAD_TIMEOUT_MS = 5000;

export function UnreadBell({ href }: { href: string }) {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(false);
  useEffect(() => {
    let alive = true;
    callApi<{ unread: boolean }>("/notifications/unread", { timeoutMs: UNREAD_TIMEOUT_MS })
      .then((r) => alive && setUnread(r.success && r.payload.unread === true))
      .catch(() => alive && setUnread(false));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <a className="icon-button bell" href={href} aria-label={unread ? t("header.unreadNotifications") : t("header.notifications")}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4" stroke="currentColor" strokeWidth="2" fill="none" />
      </svg>
      {unread ? <span className="bell-dot" data-testid="unread-dot" /> : null}
    </a>
  );
}
