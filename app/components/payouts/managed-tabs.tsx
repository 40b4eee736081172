import { useTranslation } from "~/lib/i18n";

const SECTIONS = ["sales", "transfers", "transfer_histories"] as const;

/** The tabs of the bulk management pages, as on /me/managed_fanclubs/{section}. */
export function ManagedTabs({ current }: { current: (typeof SECTIONS)[number] }) {
  const { t } = useTranslation("creator");
  return (
    <nav className="tabs" aria-label={t("managed.title")}>
      {SECTIONS.map((s) => (
        <a key={s} href={`/me/managed_fanclubs/${s}`} aria-current={s === current ? "page" : undefined}>
          {t(`managed.${s}`)}
        </a>
      ))}
    </nav>
  );
}
