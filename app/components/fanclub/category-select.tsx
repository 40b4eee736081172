import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "~/lib/i18n";
import { FANCLUB_CATEGORIES } from "../../../server/domain/fanclub-rules";

/** The fan club category choice, in the visitor's language; `placeholder` adds an empty first option. */
export function CategorySelect({ placeholder, ...props }: SelectHTMLAttributes<HTMLSelectElement> & { placeholder?: string }) {
  const { t } = useTranslation("common");
  return (
    <select {...props}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {FANCLUB_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {t(`categories.${c}`)}
        </option>
      ))}
    </select>
  );
}
