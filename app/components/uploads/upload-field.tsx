import { useId, useRef, useState, type DragEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { UPLOAD_RULES, type UploadKind } from "../../../server/domain/posts";
import { acceptFor, formatLimit } from "../../../server/domain/uploads";
import { useUploads, type UploadItem } from "./use-uploads";

interface UploadFieldProps {
  kind: UploadKind;
  /** files the post already has (edit, copy or a saved draft) */
  initialItems?: UploadItem[];
  /** every change of the list, placeholders included (`isLoading`); stored files have server ids */
  onChange?: (items: UploadItem[]) => void;
  /** true while any file is still uploading: the form holds saving and asks before closing */
  onUploadingChange?: (uploading: boolean) => void;
  label?: string;
  disabled?: boolean;
}

const percent = (share: number) => Math.floor(share * 100);

/**
 * A post's file list with its dropzone (click or drag and drop), per-file and overall progress
 * and remove buttons. The dropzone hides once the list is full (spec §5).
 */
function UploadField(props: UploadFieldProps) {
  const { t } = useTranslation("uploads");
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploads = useUploads(props);
  const rule = UPLOAD_RULES[props.kind];

  const pick = (files: FileList | null) => {
    if (files && files.length > 0) void uploads.addFiles(Array.from(files));
    if (input.current) input.current.value = "";
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!props.disabled) pick(event.dataTransfer.files);
  };

  return (
    <div className="upload-field" data-kind={props.kind}>
      {props.label ? (
        <label className="label" htmlFor={inputId}>
          {props.label}
        </label>
      ) : null}
      {uploads.canAdd ? (
        <div
          className="upload-dropzone"
          data-dragging={dragging ? "true" : undefined}
          data-disabled={props.disabled ? "true" : undefined}
          onDragOver={(event) => {
            event.preventDefault();
            if (!dragging) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onClick={(event) => {
            // the input's own click bubbles up here; opening the picker again would loop
            if (event.target !== input.current && !props.disabled) input.current?.click();
          }}
          onKeyDown={(event) => {
            if ((event.key === "Enter" || event.key === " ") && !props.disabled) {
              event.preventDefault();
              input.current?.click();
            }
          }}
          role="button"
          tabIndex={props.disabled ? -1 : 0}
          aria-disabled={props.disabled || undefined}
          aria-controls={inputId}
        >
          <input
            ref={input}
            id={inputId}
            type="file"
            hidden
            multiple={uploads.maxFiles > 1}
            accept={acceptFor(props.kind)}
            disabled={props.disabled}
            onChange={(event) => pick(event.target.files)}
            data-testid={`upload-input-${props.kind}`}
          />
          <span className="upload-dropzone-prompt">{t("dropzone.prompt")}</span>
          <span className="muted small">
            {t("dropzone.limits", {
              extensions: rule.extensions.join(", "),
              maxFileSize: formatLimit(rule.maxBytes),
              maxFiles: uploads.maxFiles,
            })}
          </span>
        </div>
      ) : null}

      {uploads.uploading ? (
        <div className="upload-overall">
          <span className="small">{t("list.overall", { percent: percent(uploads.overall) })}</span>
          <progress max={100} value={percent(uploads.overall)} aria-label={t("list.overall", { percent: percent(uploads.overall) })} />
        </div>
      ) : null}

      {uploads.items.length > 0 ? (
        <ul className="upload-list">
          {uploads.items.map((item) => (
            <li key={item.id} className="upload-item" data-loading={item.isLoading ? "true" : undefined} data-testid="upload-item">
              {item.kind === "picture" && item.thumbUrl ? (
                // the file name says what it is; the picture only helps to recognise it
                <img className="upload-item-thumb" src={item.thumbUrl} alt="" width={56} height={56} decoding="async" />
              ) : null}
              <div className="upload-item-main">
                <span className="upload-item-name">{item.filename}</span>
                {item.isLoading ? (
                  <>
                    <span className="muted small">
                      {item.resumed ? t("list.resuming") : t("list.uploading", { percent: percent(item.progress ?? 0) })}
                    </span>
                    <progress
                      max={100}
                      value={percent(item.progress ?? 0)}
                      aria-label={t("list.uploading", { percent: percent(item.progress ?? 0) })}
                    />
                  </>
                ) : null}
              </div>
              <button
                type="button"
                className="icon-button upload-item-remove"
                aria-label={t("list.remove", { filename: item.filename })}
                disabled={props.disabled}
                onClick={() => uploads.remove(item.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default UploadField;
