import type { ReactNode } from "react";

/** A labelled form control with its error list, linked for screen readers by conform's ids. */
export function Field(props: { label: string; id: string; errors: string[] | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint ? <span className="muted small">{props.hint}</span> : null}
      {props.errors?.length ? (
        <ul className="field-errors" id={`${props.id}-error`}>
          {props.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Errors that belong to the whole form (wrong password, locked, refused). */
export function FormErrors({ errors }: { errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="flash flash-error" role="alert">
      {errors.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}
