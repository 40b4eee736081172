import { useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation } from "~/lib/i18n";
import { formatFileSize, PRODUCT_LIMITS } from "../../../../server/domain/products";
import { formatLimit } from "../../../../server/domain/uploads";

/** A digital product's file: sent as the raw body of one PUT (bounded size), stored privately. */
export function ProductFileUpload(props: { productId: number; current: { name: string; size: number } | null }) {
  const { t } = useTranslation("products");
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(props.current);
  const [busy, setBusy] = useState(false);
  const limit = formatLimit(PRODUCT_LIMITS.fileMaxBytes);

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PRODUCT_LIMITS.fileMaxBytes) {
      toast.show(t("errors.fileTooLarge", { size: limit }), "error");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch(`/api/v1/me/fanclub/products/${props.productId}/file?name=${encodeURIComponent(file.name)}`, {
        method: "PUT",
        credentials: "same-origin",
        headers: {
          "X-Requested-With": "XMLHttpRequest",
          "Content-Type": file.type || "application/octet-stream",
          Accept: "application/json",
        },
        body: file,
      });
      const json = (await res.json()) as { success: boolean; payload: { name?: string; size?: number; message?: string } };
      if (!json.success || !json.payload.name) throw new Error(json.payload.message ?? t("errors.upload"));
      setCurrent({ name: json.payload.name, size: json.payload.size ?? file.size });
      toast.show(t("creator.uploaded"), "success");
    } catch (error) {
      toast.show(error instanceof Error ? error.message : t("errors.upload"), "error");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="field">
      <span className="label">{t("fields.file")}</span>
      <p className="small" data-testid="product-file">
        {current ? `${current.name} (${formatFileSize(current.size)})` : <span className="muted">{t("creator.noFile")}</span>}
      </p>
      <label className="button button-outline">
        {busy ? t("creator.uploading") : t("creator.chooseFile")}
        <input
          ref={input}
          type="file"
          hidden
          disabled={busy}
          onChange={(e) => void send(e.target.files?.[0])}
          data-testid="upload-product-file"
        />
      </label>
      <span className="muted small">{t("hints.file", { size: limit })}</span>
    </div>
  );
}
