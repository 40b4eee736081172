import { Link, useMatches } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

interface Crumb {
  /** an i18n key, or a literal label when `literal` is set */
  label: string;
  literal?: boolean;
  to?: string;
}

/** Routes add crumbs through `handle.breadcrumb(data)`; the trail always starts at the top page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs: Crumb[] = [{ label: "breadcrumb.home", to: "/" }];
  for (const m of matches) {
    const fn = (m.handle as { breadcrumb?: (data: unknown) => Crumb | Crumb[] } | undefined)?.breadcrumb;
    if (fn) crumbs.push(...([] as Crumb[]).concat(fn(m.data)));
  }
  if (crumbs.length < 2) return null;
  return (
    <nav className="breadcrumbs" aria-label={t("footer.breadcrumbs")}>
      <ol>
        {crumbs.map((c, i) => {
          const label = c.literal ? c.label : t(c.label);
          const last = i === crumbs.length - 1;
          return (
            <li key={`${c.label}-${i}`}>
              {c.to && !last ? <Link to={c.to}>{label}</Link> : <span aria-current={last ? "page" : undefined}>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
