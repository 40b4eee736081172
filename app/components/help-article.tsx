import { useTranslation } from "~/lib/i18n";

interface Section {
  heading: string;
  paragraphs: string[];
}

/** A help page from the help namespace: title, lead, a table of contents and its sections. */
export function HelpArticle({ page }: { page: string }) {
  const { t } = useTranslation("help");
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as Section[] | string;
  const list = Array.isArray(sections) ? sections : [];
  return (
    <article className="help-article">
      <h1>{t(`pages.${page}.title`)}</h1>
      <p className="lead">{t(`pages.${page}.lead`)}</p>
      {list.length > 2 ? (
        <nav className="toc" aria-labelledby="toc-heading">
          <h2 id="toc-heading">{t("nav.onThisPage")}</h2>
          <ol>
            {list.map((s, i) => (
              <li key={i}>
                <a href={`#section-${i + 1}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {list.map((s, i) => (
        <section key={i} id={`section-${i + 1}`} className="help-section">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
