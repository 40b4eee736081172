import { useEffect, useId, useState } from "react";
import { useTranslation } from "~/lib/i18n";

export interface CodeEntry {
  code: string;
  name: string;
  kana: string;
}

/**
 * A search box under a code field (bank or branch): typing a name, a reading or a code asks the
 * server for at most 20 matches, and choosing one fills the code. The lists stay on the server;
 * without JavaScript the code field alone still works.
 */
export function CodeSearch(props: {
  label: string;
  endpoint: string | null;
  listKey: "banks" | "branches";
  onPick: (entry: CodeEntry) => void;
}) {
  const { t } = useTranslation("payouts");
  const id = useId();
  const [q, setQ] = useState("");
  const [results, setResults] = useState<CodeEntry[]>([]);
  const { endpoint, listKey } = props;
  useEffect(() => {
    if (!endpoint || q.trim() === "") {
      setResults([]);
      return;
    }
    const controller = new AbortController();
    // a short pause so a word typed quickly is one request, not one per letter
    const timer = setTimeout(() => {
      fetch(`${endpoint}?q=${encodeURIComponent(q)}`, { headers: { "x-requested-with": "XMLHttpRequest" }, signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<{ payload: Record<string, CodeEntry[]> }>) : null))
        .then((body) => setResults(body?.payload[listKey] ?? []))
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, endpoint, listKey]);
  return (
    <div className="field code-search">
      <label htmlFor={id}>{props.label}</label>
      <input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} disabled={!endpoint} autoComplete="off" />
      {results.length > 0 ? (
        <ul className="code-search-results" aria-label={props.label}>
          {results.map((r) => (
            <li key={r.code}>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => {
                  props.onPick(r);
                  setQ("");
                  setResults([]);
                }}
              >
                {t("bank.searchResult", { code: r.code, name: r.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
