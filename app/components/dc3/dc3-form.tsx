import { useState, type FormEvent } from "react";
import { useToast } from "~/components/feedback/toast";
import UploadField from "~/components/uploads/upload-field";
import type { UploadItem } from "~/components/uploads/use-uploads";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { DC3_LIMITS, type Dc3Audience } from "../../../server/domain/dc3";
import { formatYen } from "../../../server/domain/number-display";

export interface Dc3FormItem {
  id: number;
  title: string;
  description: string;
  audience: Dc3Audience;
  planIds: number[];
  file: { filename: string };
}

type FieldErrors = Partial<Record<"title" | "description" | "audience" | "planIds" | "file", string>>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Adds a DC3 content or edits one (docs/decisions/045): title, description, who may download, and
 * its one file through the post uploader (kind `dc3`: one file, the attachment's types and limit).
 * On an edit the file stays unless a new one is uploaded, which replaces it on save.
 */
export function Dc3Form(props: {
  plans: ReadonlyArray<{ id: number; name: string; price: number }>;
  item: Dc3FormItem | null;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("dc3");
  const toast = useToast();
  const { item } = props;
  const [audience, setAudience] = useState<Dc3Audience>(item?.audience ?? "members");
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const stored = files.find((f) => !f.isLoading) ?? null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const body = {
      title: String(form.get("title") ?? ""),
      description: String(form.get("description") ?? ""),
      audience,
      planIds: audience === "plans" ? form.getAll("planIds").map(String) : [],
      ...(stored ? { fileId: stored.id } : {}),
    };
    const res = await callApi<{ errors?: Array<{ message: string; target?: string }> }>(
      item ? `/me/fanclub/dc_three_contents/${item.id}` : "/me/fanclub/dc_three_contents",
      { method: item ? "PUT" : "POST", body },
    ).catch(() => null);
    setBusy(false);
    if (!res?.success) {
      const next: FieldErrors = {};
      for (const e of res?.payload.errors ?? []) if (e.target && !(e.target in next)) next[e.target as keyof FieldErrors] = e.message;
      setErrors(next);
      toast.show(res?.payload.message ?? t("errors.notFound"), "error");
      return;
    }
    setErrors({});
    props.onDone(item ? t("toast.saved") : t("toast.created"));
  };

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate data-testid="dc3-form">
      <h2>{item ? t("form.editHeading") : t("form.newHeading")}</h2>
      <label className="field">
        <span>{t("form.title")}</span>
        <input
          name="title"
          defaultValue={item?.title ?? ""}
          required
          maxLength={DC3_LIMITS.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "dc3-title-error" : undefined}
        />
        <FieldError id="dc3-title-error" message={errors.title} />
      </label>
      <label className="field">
        <span>{t("form.description")}</span>
        <textarea name="description" rows={5} defaultValue={item?.description ?? ""} maxLength={DC3_LIMITS.description} />
        <FieldError id="dc3-description-error" message={errors.description} />
      </label>
      <fieldset className="field">
        <legend>{t("form.audience")}</legend>
        <label className="checkbox">
          <input type="radio" name="audience" value="members" checked={audience === "members"} onChange={() => setAudience("members")} />{" "}
          {t("form.audienceMembers")}
        </label>
        <label className="checkbox">
          <input type="radio" name="audience" value="plans" checked={audience === "plans"} onChange={() => setAudience("plans")} />{" "}
          {t("form.audiencePlans")}
        </label>
        {audience === "plans" ? (
          <div className="field" role="group" aria-label={t("form.plans")}>
            {props.plans.map((p) => (
              <label key={p.id} className="checkbox">
                <input type="checkbox" name="planIds" value={p.id} defaultChecked={item?.planIds.includes(p.id) ?? false} /> {p.name} (
                {formatYen(p.price)})
              </label>
            ))}
          </div>
        ) : null}
        <FieldError id="dc3-plans-error" message={errors.planIds ?? errors.audience} />
      </fieldset>
      <div className="field">
        {item ? (
          <p className="small">
            {t("form.currentFile", { filename: item.file.filename })} <span className="muted">{t("form.replaceFile")}</span>
          </p>
        ) : null}
        <UploadField kind="dc3" label={t("form.file")} onChange={setFiles} onUploadingChange={setUploading} disabled={busy} />
        <FieldError id="dc3-file-error" message={errors.file} />
      </div>
      <div className="form-actions">
        {props.onCancel ? (
          <button type="button" className="button button-outline" onClick={props.onCancel}>
            {t("form.cancel")}
          </button>
        ) : null}
        <button type="submit" className="button" disabled={busy || uploading}>
          {item ? t("form.save") : t("form.create")}
        </button>
        {uploading ? <span className="muted small">{t("form.uploading")}</span> : null}
      </div>
    </form>
  );
}
