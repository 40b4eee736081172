import { $isLinkNode } from "@lexical/link";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
  type NodeKey,
} from "lexical";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "~/lib/i18n";
import { LinkForm, readLinkTarget, type LinkTarget } from "./link-form";

type BlockKind = "paragraph" | "h2" | "h3" | "bullet" | "number" | "quote";

interface FormatState {
  block: BlockKind;
  bold: boolean;
  italic: boolean;
  linkKey: NodeKey | null;
}

const INITIAL_FORMAT: FormatState = { block: "paragraph", bold: false, italic: false, linkKey: null };

/** What the caret sits in: read inside editorState.read(). */
function $readFormat(): FormatState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top =
    anchor.getKey() === "root"
      ? anchor
      : $findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        });
  let block: BlockKind = "paragraph";
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    block = list.getListType() === "number" ? "number" : "bullet";
  } else if ($isHeadingNode(top)) {
    block = top.getTag() === "h3" ? "h3" : "h2";
  } else if ($isQuoteNode(top)) {
    block = "quote";
  }
  const link = $findMatchingParent(anchor, $isLinkNode) ?? $findMatchingParent(selection.focus.getNode(), $isLinkNode);
  return { block, bold: selection.hasFormat("bold"), italic: selection.hasFormat("italic"), linkKey: link?.getKey() ?? null };
}

function setBlock(editor: LexicalEditor, current: BlockKind, wanted: BlockKind) {
  if (wanted === "bullet" || wanted === "number") {
    if (current === wanted) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(wanted === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
    return;
  }
  // pressing the current style again goes back to plain paragraphs
  const target = current === wanted ? "paragraph" : wanted;
  editor.update(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    $setBlocksType(selection, () =>
      target === "h2" || target === "h3" ? $createHeadingNode(target) : target === "quote" ? $createQuoteNode() : $createParagraphNode(),
    );
  });
}

/**
 * The formatting toolbar: one tab stop, arrow keys move between its buttons (WAI-ARIA toolbar
 * pattern), every button named by aria-label and toggles reporting aria-pressed.
 */
export function Toolbar(props: {
  contentId: string;
  disabled: boolean;
  uploading: boolean;
  onPickImages: (files: File[]) => void;
  acceptImages: string;
}) {
  const { t } = useTranslation("blog");
  const [editor] = useLexicalComposerContext();
  const [format, setFormat] = useState<FormatState>(INITIAL_FORMAT);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkTarget, setLinkTarget] = useState<LinkTarget | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const next = editorState.read($readFormat);
          if (next) setFormat(next);
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (payload) => {
            setCanUndo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (payload) => {
            setCanRedo(payload);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  // Roving tab index: the toolbar is one stop in the tab order; the last focused button keeps it.
  const rove = useCallback((target: HTMLElement | null) => {
    const buttons = bar.current ? Array.from(bar.current.querySelectorAll<HTMLButtonElement>("button")) : [];
    const enabled = buttons.filter((b) => !b.disabled);
    const keep = target && enabled.includes(target as HTMLButtonElement) ? target : enabled[0];
    for (const b of buttons) b.tabIndex = b === keep ? 0 : -1;
  }, []);
  useEffect(() => rove(bar.current?.querySelector<HTMLButtonElement>("button[tabindex='0']") ?? null));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ["ArrowRight", "ArrowLeft", "Home", "End"];
    if (!keys.includes(event.key) || !bar.current) return;
    const enabled = Array.from(bar.current.querySelectorAll<HTMLButtonElement>("button")).filter((b) => !b.disabled);
    const at = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? enabled.length - 1
          : (at + (event.key === "ArrowRight" ? 1 : -1) + enabled.length) % enabled.length;
    const button = enabled[next];
    if (!button) return;
    event.preventDefault();
    rove(button);
    button.focus();
  };

  const off = props.disabled;
  const toggle = (label: string, pressed: boolean, onPress: () => void, icon: ReactNode, disabled = off) => (
    <button
      type="button"
      className="blog-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onPress}
    >
      {icon}
    </button>
  );
  const action = (label: string, onPress: () => void, icon: ReactNode, disabled = off) => (
    <button type="button" className="blog-tool" aria-label={label} title={label} disabled={disabled} onClick={onPress}>
      {icon}
    </button>
  );

  const openLink = () => setLinkTarget(editor.getEditorState().read(() => readLinkTarget()));

  return (
    <>
      <div
        className="blog-toolbar"
        role="toolbar"
        aria-label={t("editor.toolbar")}
        aria-controls={props.contentId}
        ref={bar}
        onKeyDown={onKeyDown}
        onFocus={(e) => rove(e.target)}
      >
        <div className="blog-tool-group">
          {toggle(
            t("editor.paragraph"),
            format.block === "paragraph",
            () => setBlock(editor, format.block, "paragraph"),
            <span aria-hidden="true">¶</span>,
          )}
          {toggle(
            t("editor.heading2"),
            format.block === "h2",
            () => setBlock(editor, format.block, "h2"),
            <span aria-hidden="true">H2</span>,
          )}
          {toggle(
            t("editor.heading3"),
            format.block === "h3",
            () => setBlock(editor, format.block, "h3"),
            <span aria-hidden="true">H3</span>,
          )}
        </div>
        <div className="blog-tool-group">
          {toggle(t("editor.bold"), format.bold, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "bold"), <b aria-hidden="true">B</b>)}
          {toggle(
            t("editor.italic"),
            format.italic,
            () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, "italic"),
            <i aria-hidden="true">I</i>,
          )}
        </div>
        <div className="blog-tool-group">
          {toggle(
            t("editor.bulletList"),
            format.block === "bullet",
            () => setBlock(editor, format.block, "bullet"),
            <Icon d="M10 6h10M10 12h10M10 18h10" dots />,
          )}
          {toggle(
            t("editor.numberList"),
            format.block === "number",
            () => setBlock(editor, format.block, "number"),
            <Icon d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V8M3.5 8h3M3.5 13c0-1.5 3-1.5 3 0 0 1-3 2-3 3h3" />,
          )}
          {toggle(
            t("editor.quote"),
            format.block === "quote",
            () => setBlock(editor, format.block, "quote"),
            <Icon d="M5 17c2-1 3-3 3-5V7H4v5h4M14 17c2-1 3-3 3-5V7h-4v5h4" />,
          )}
        </div>
        <div className="blog-tool-group">
          {toggle(
            t("editor.link"),
            format.linkKey !== null || linkTarget !== null,
            openLink,
            <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.5 1.5M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.5-1.5" />,
          )}
          {action(
            t("editor.image"),
            () => fileInput.current?.click(),
            props.uploading ? (
              <span className="blog-spinner" aria-hidden="true" />
            ) : (
              <Icon d="M3 5h18v14H3zM21 15l-5-5-9 9M8.5 10.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3" />
            ),
          )}
        </div>
        <div className="blog-tool-group">
          {action(
            t("editor.undo"),
            () => editor.dispatchCommand(UNDO_COMMAND, undefined),
            <Icon d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />,
            off || !canUndo,
          )}
          {action(
            t("editor.redo"),
            () => editor.dispatchCommand(REDO_COMMAND, undefined),
            <Icon d="m15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />,
            off || !canRedo,
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={props.acceptImages}
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            if (files.length > 0) props.onPickImages(files);
          }}
        />
      </div>
      {linkTarget ? <LinkForm target={linkTarget} onClose={() => setLinkTarget(null)} /> : null}
    </>
  );
}

function Icon(props: { d: string; dots?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={props.d} />
      {props.dots ? (
        <g fill="currentColor" stroke="none">
          <circle cx="5" cy="6" r="1.5" />
          <circle cx="5" cy="12" r="1.5" />
          <circle cx="5" cy="18" r="1.5" />
        </g>
      ) : null}
    </svg>
  );
}
