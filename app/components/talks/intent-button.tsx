import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A one-button form posting an intent (and optional fields) to the page's action: works without JavaScript. */
export function IntentButton({
  intent,
  fields,
  className,
  pressed,
  confirm,
  children,
}: {
  intent: string;
  fields?: Record<string, string | number>;
  className?: string;
  pressed?: boolean;
  confirm?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      className="inline-form"
      preventScrollReset
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={className ?? "link-button"} aria-pressed={pressed}>
        {children}
      </button>
    </Form>
  );
}
