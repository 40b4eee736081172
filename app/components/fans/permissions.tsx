import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/lib/i18n";
import { EDITOR_PERMISSIONS, type EditorPermission } from "../../../server/domain/fanclub-permissions";

/**
 * Editor permissions (spec §3) as people read them: each value with its label and a one-line
 * explanation, in the spec's order. The editors page ticks them; the invitation page lists them.
 */

/** One checkbox per permission, bound to a conform field holding the ticked values. */
export function PermissionChecks({ field, legend }: { field: FieldMetadata<string[] | undefined>; legend: string }) {
  const { t } = useTranslation("fans");
  const boxes = getCollectionProps(field, { type: "checkbox", options: [...EDITOR_PERMISSIONS] });
  return (
    <fieldset className="permission-checks">
      <legend>{legend}</legend>
      {boxes.map(({ key, ...props }) => (
        <div className="field field-check permission-check" key={key}>
          <label htmlFor={props.id}>
            <input {...props} aria-describedby={[props["aria-describedby"], `${props.id}-description`].filter(Boolean).join(" ")} />{" "}
            {t(`permissions.${props.value}.label`)}
          </label>
          <span className="muted small" id={`${props.id}-description`}>
            {t(`permissions.${props.value}.description`)}
          </span>
        </div>
      ))}
      {field.errors?.length ? (
        <ul className="field-errors" id={field.errorId}>
          {field.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** The permissions an invitation offers, read-only. */
export function PermissionList({ permissions, empty }: { permissions: readonly EditorPermission[]; empty: string }) {
  const { t } = useTranslation("fans");
  if (permissions.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="permission-list">
      {permissions.map((p) => (
        <li key={p}>
          <strong>{t(`permissions.${p}.label`)}</strong>
          <span className="muted small">{t(`permissions.${p}.description`)}</span>
        </li>
      ))}
    </ul>
  );
}
