import { lazy, Suspense, useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation } from "~/lib/i18n";
import { pickedImageProblem } from "../../../server/domain/uploads";

// The cropper (and its library) loads only when someone picks a file.
const ImageCropper = lazy(() => import("./image-cropper"));

/**
 * Pick an image, crop it in the browser to the target shape, send the result. The server stores
 * it in R2 and answers with its URL.
 */
export function ImageUpload(props: {
  kind: "icon" | "header" | "cover";
  label: string;
  currentUrl: string | null;
  width: number;
  height: number;
  /** where the cropped image is PUT (API path under /api/v1) */
  endpoint: string;
  /** told the stored image (a post's cover is saved with the post, by key) */
  onUploaded?: (image: { url: string; key?: string; name: string }) => void;
  /** a remove button when something is shown */
  onRemove?: () => void;
  removeLabel?: string;
}) {
  const { t } = useTranslation("creator");
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [url, setUrl] = useState(props.currentUrl);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const pick = (files: FileList | null | undefined) => {
    const list = files ? [...files] : [];
    // spec §8 image dropzone: one file at a time, and an image
    const problem = pickedImageProblem(list);
    if (problem) {
      toast.show(t(`errors.${problem}`), "error");
      return;
    }
    const file = list[0];
    if (!file) return;
    if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) {
      toast.show(t("errors.imageType"), "error");
      return;
    }
    setName(file.name);
    setSource(URL.createObjectURL(file));
  };

  const upload = async (blob: Blob) => {
    setBusy(true);
    try {
      const res = await fetch(`/api/v1${props.endpoint}`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "X-Requested-With": "XMLHttpRequest", "Content-Type": blob.type, Accept: "application/json" },
        body: blob,
      });
      const json = (await res.json()) as { success: boolean; payload: { url?: string; key?: string; message?: string } };
      if (!json.success || !json.payload.url) throw new Error(json.payload.message ?? t("errors.upload"));
      setUrl(json.payload.url);
      props.onUploaded?.({ url: json.payload.url, key: json.payload.key, name });
      toast.show(t("images.uploaded"), "success");
    } catch (error) {
      toast.show(error instanceof Error ? error.message : t("errors.upload"), "error");
    } finally {
      setBusy(false);
      if (source) URL.revokeObjectURL(source);
      setSource(null);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className={`field image-upload image-upload-${props.kind}`}>
      <span className="label">{props.label}</span>
      <div
        className="image-upload-preview"
        style={{ aspectRatio: `${props.width} / ${props.height}` }}
        data-testid={`drop-${props.kind}`}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          if (!busy) pick(e.dataTransfer.files);
        }}
      >
        {url ? <img src={url} alt="" /> : <span className="muted small">{t("images.none")}</span>}
      </div>
      <label className="button button-outline">
        {busy ? t("images.uploading") : t("images.choose")}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          disabled={busy}
          onChange={(e) => pick(e.target.files)}
          data-testid={`upload-${props.kind}`}
        />
      </label>
      {url && props.onRemove ? (
        <button
          type="button"
          className="button button-outline"
          onClick={() => {
            setUrl(null);
            props.onRemove?.();
          }}
        >
          {props.removeLabel}
        </button>
      ) : null}
      <span className="muted small">{t("images.hint", { width: props.width, height: props.height })}</span>
      {source ? (
        <Suspense fallback={<p className="muted">{t("images.loadingCropper")}</p>}>
          <ImageCropper
            source={source}
            width={props.width}
            height={props.height}
            busy={busy}
            onCancel={() => setSource(null)}
            onDone={upload}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
