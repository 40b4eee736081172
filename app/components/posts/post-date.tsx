import { useTranslation } from "~/lib/i18n";

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and style: cards render dozens of dates. Japan time, like billing. */
function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "ja" ? "ja-JP" : locale, { dateStyle: "medium", ...(withTime ? { timeStyle: "short" } : {}), timeZone: "Asia/Tokyo" });
    formats.set(key, format);
  }
  return format;
}

export function formatPostDate(locale: string, ms: number, withTime = false): string {
  return formatter(locale, withTime).format(ms);
}

/** A post's date as a `<time>`, in the page's language and Japan time. */
export function PostDate({ ms, withTime = false, className }: { ms: number; withTime?: boolean; className?: string }) {
  const { locale } = useTranslation("posts");
  return (
    <time className={className} dateTime={new Date(ms).toISOString()}>
      {formatPostDate(locale, ms, withTime)}
    </time>
  );
}
