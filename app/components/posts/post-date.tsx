import { useTranslation } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";

/** A post's date as a `<time>`, in the page's language and Japan time. */
export function PostDate({ ms, withTime = false, className }: { ms: number; withTime?: boolean; className?: string }) {
  const { locale } = useTranslation("posts");
  return (
    <time className={className} dateTime={new Date(ms).toISOString()}>
      {formatLocalDate(locale, ms, withTime)}
    </time>
  );
}
