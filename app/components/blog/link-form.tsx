import { $createLinkNode, $isLinkNode, $toggleLink } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $findMatchingParent } from "@lexical/utils";
import {
  $createTextNode,
  $getNodeByKey,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  type NodeKey,
  type RangeSelection,
} from "lexical";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { linkFromInput } from "../../../server/domain/blog";

/** The link being edited, or the selection a new link will cover; read when the form opens. */
export interface LinkTarget {
  linkKey: NodeKey | null;
  url: string;
  /** the selection at opening: focus moves into the form, so it is put back before applying */
  selection: RangeSelection | null;
}

/** Inside editorState.read(). */
export function readLinkTarget(): LinkTarget {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return { linkKey: null, url: "", selection: null };
  const link = $findMatchingParent(selection.anchor.getNode(), $isLinkNode) ?? $findMatchingParent(selection.focus.getNode(), $isLinkNode);
  return { linkKey: link?.getKey() ?? null, url: link?.getURL() ?? "", selection: selection.clone() };
}

/**
 * Insert, edit or remove a link. 'example.com' becomes https://example.com and an e-mail address
 * a mailto: link; anything else must already be http(s) or mailto (the server's rule).
 */
export function LinkForm(props: { target: LinkTarget; onClose: () => void }) {
  const { t } = useTranslation("blog");
  const [editor] = useLexicalComposerContext();
  const [value, setValue] = useState(props.target.url);
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const close = () => {
    props.onClose();
    editor.focus();
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const url = linkFromInput(value);
    if (!url) {
      setError(true);
      input.current?.focus();
      return;
    }
    const { linkKey, selection } = props.target;
    editor.update(() => {
      const existing = linkKey ? $getNodeByKey(linkKey) : null;
      if ($isLinkNode(existing)) {
        existing.setURL(url);
        return;
      }
      if (selection) $setSelection(selection.clone());
      const current = $getSelection();
      if (!$isRangeSelection(current)) return;
      if (current.isCollapsed()) {
        // nothing selected: the address itself becomes the link text
        const link = $createLinkNode(url);
        link.append($createTextNode(url.replace(/^mailto:/i, "")));
        current.insertNodes([link]);
      } else {
        $toggleLink(url);
      }
    });
    close();
  };

  const remove = () => {
    const { linkKey } = props.target;
    editor.update(() => {
      const link = linkKey ? $getNodeByKey(linkKey) : null;
      if (!$isLinkNode(link)) return;
      for (const child of link.getChildren()) link.insertBefore(child);
      link.remove();
    });
    close();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape anywhere in this small popover form closes it
    <form className="blog-link-form" onSubmit={apply} noValidate onKeyDown={(e) => e.key === "Escape" && (e.preventDefault(), close())}>
      <label htmlFor={id} className="blog-link-label">
        {t("link.url")}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(false);
        }}
        aria-invalid={error}
        aria-describedby={error ? `${id}-error` : undefined}
        placeholder="https://"
      />
      <button type="submit" className="button button-small">
        {t("link.apply")}
      </button>
      {props.target.linkKey ? (
        <button type="button" className="button button-small button-secondary" onClick={remove}>
          {t("link.remove")}
        </button>
      ) : null}
      <button type="button" className="button button-small button-secondary" onClick={close}>
        {t("link.cancel")}
      </button>
      {error ? (
        <p id={`${id}-error`} className="blog-link-error" role="alert">
          {t("link.invalid")}
        </p>
      ) : null}
    </form>
  );
}
