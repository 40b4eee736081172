import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { options } from "preact";
import { getInitialNamespaces } from "remix-i18next/client";
import type { Namespace } from "../locales/namespaces";
import { namespacesForAddress } from "./components/payments/address";
import { installChunkReload } from "./lib/chunk-reload";
import { createBrowserI18n, TranslationProvider } from "./lib/i18n";

installChunkReload();

// Set by vite.config.ts: true in the production client build, where react-dom is Preact's
// compatibility layer (decision 043); false under `remix vite:dev`, which keeps React.
declare const __PREACT_IN_THE_BROWSER__: boolean;

// Attributes that carry ids from useId (ours and Conform's form and field ids), which must pair
// up in the DOM: the server's React and Preact in the browser count ids differently.
const ID_ATTRIBUTES: ReadonlyArray<readonly [prop: string, attribute: string]> = [
  ["id", "id"],
  ["htmlFor", "for"],
  ["form", "form"],
  ["aria-describedby", "aria-describedby"],
  ["aria-labelledby", "aria-labelledby"],
  ["aria-controls", "aria-controls"],
  ["aria-errormessage", "aria-errormessage"],
];

/**
 * Preact hydrates without touching attributes, so an element keeps the id the server rendered
 * (":R1tb5:") while the component holds Preact's own ("P0-0"); code that compares them (Conform
 * checks that a submit comes from its form's id) or elements rendered later that point at the
 * client's id would break. After each element is diffed, id-carrying attributes are brought to
 * what the component rendered. `__e` is the element of a vnode (Preact 10's stable mangled name
 * for `_dom`, which its devtools read too).
 */
function alignIdsWithClientRender() {
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const element = (vnode as { __e?: unknown }).__e;
    if (typeof vnode.type === "string" && element instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const [prop, attribute] of ID_ATTRIBUTES) {
        const value = props[prop];
        if (typeof value === "string" && element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
      }
    }
    previous?.(vnode);
  };
}

/**
 * The container to hydrate the whole document in. Remix's root renders <html> itself, so React
 * hydrates into `document`. Preact treats `document` as `document.documentElement` (so that apps can
 * render <head> and <body> into it) and would then build a second <html> inside the first; it
 * gets a stand-in for the document whose one child is the server's <html>. Preact asks a container
 * only for these members; `insertBefore` runs only if the root element had to be replaced.
 */
function documentContainer(): Document {
  if (!__PREACT_IN_THE_BROWSER__) return document;
  const stand_in = {
    namespaceURI: null,
    get firstChild() {
      return document.documentElement;
    },
    get childNodes() {
      return [document.documentElement];
    },
    insertBefore<T extends Node>(node: T, before: Node | null): T {
      if ((node as Node) !== document.documentElement) {
        if (before === null && document.documentElement) document.replaceChild(node, document.documentElement);
        else document.insertBefore(node, before);
      }
      return node;
    },
  };
  return stand_in as unknown as Document;
}

/**
 * Remix decodes the state the server streamed into the page on RemixBrowser's first render, and
 * until that is done it suspends by throwing the decoding promise. React 18 waits for such a
 * promise at the root; Preact, which runs in the browser (vite.config.ts, decision 043), waits only
 * under a Suspense boundary, and a boundary around the whole document would hydrate it in pieces.
 * So the first render is asked for here, outside hydration: it starts the decoding and throws the
 * promise, which we await; hydration then renders with the state already there and never suspends.
 */
async function remixStateDecoded() {
  const context = (window as { __remixContext?: { future?: { v3_singleFetch?: boolean }; stream?: unknown } }).__remixContext;
  if (!context?.future?.v3_singleFetch || !context.stream) return;
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

async function hydrate() {
  // The language the server rendered in; the namespaces the page's routes declare are fetched
  // before hydrating so the first client render matches the server's HTML.
  const { i18n, ready } = createBrowserI18n(document.documentElement.dataset.locale ?? "ja", [
    ...(getInitialNamespaces() as Namespace[]),
    ...namespacesForAddress(window.location.search),
  ]);
  await Promise.all([ready, remixStateDecoded()]);

  if (__PREACT_IN_THE_BROWSER__) alignIdsWithClientRender();
  startTransition(() => {
    hydrateRoot(
      documentContainer(),
      <TranslationProvider i18n={i18n}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

void hydrate();
