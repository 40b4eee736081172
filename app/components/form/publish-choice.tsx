import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "~/lib/i18n";

/**
 * The 'publish' box of a creator's form (raffles, products) with what saving will do, said beside
 * it and kept current as the box changes: without the tick the item is saved as a draft that
 * fans do not see. Without JavaScript the server render says it for the initial state.
 */
export function PublishChoice({
  field,
  label,
  initiallyPublished,
  publishedHint,
}: {
  field: Parameters<typeof getInputProps>[0];
  label: string;
  initiallyPublished: boolean;
  /** what publishing means for this kind of item */
  publishedHint: string;
}) {
  const { t } = useTranslation();
  const [published, setPublished] = useState(initiallyPublished);
  const hintId = `${field.id}-effect`;
  return (
    <div className="field publish-choice">
      <label className="checkbox">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          defaultChecked={initiallyPublished}
          aria-describedby={hintId}
          onChange={(e) => setPublished(e.currentTarget.checked)}
        />{" "}
        {label}
      </label>
      <p id={hintId} className={published ? "muted small" : "flash flash-info small"} data-publish-effect={published ? "publish" : "draft"}>
        {published ? publishedHint : t("publishChoice.draft")}
      </p>
      {field.errors?.length ? <p className="field-errors">{field.errors.join(" ")}</p> : null}
    </div>
  );
}
