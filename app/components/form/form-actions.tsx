import { useNavigation } from "@remix-run/react";

/**
 * The footer of a management form: the way back to its list, and the submit button, disabled
 * while a submission runs so a second click sends nothing twice.
 */
export function FormActions({ backHref, backLabel, submitLabel }: { backHref: string; backLabel: string; submitLabel: string }) {
  const navigation = useNavigation();
  return (
    <div className="form-actions">
      <a className="button button-secondary" href={backHref}>
        {backLabel}
      </a>
      <button type="submit" className="button" disabled={navigation.state !== "idle"}>
        {submitLabel}
      </button>
    </div>
  );
}
