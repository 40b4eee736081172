import { useCallback, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslation } from "~/lib/i18n";

/**
 * Draws the chosen area at the target size and encodes it as JPEG: the server makes the smaller
 * sizes pages show from JPEG (docs/decisions/044), so a WebP crop would be sent full size
 * everywhere.
 */
async function cropToBlob(source: string, area: Area, width: number, height: number): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("canvas");
  ctx.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.88));
  const jpeg = await encode("image/jpeg");
  if (!jpeg) throw new Error("encode");
  return jpeg;
}

export default function ImageCropper(props: {
  source: string;
  width: number;
  height: number;
  busy: boolean;
  onCancel: () => void;
  onDone: (blob: Blob) => void;
}) {
  const { t } = useTranslation("creator");
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const onComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);
  return (
    <div className="cropper" role="dialog" aria-label={t("images.crop")}>
      <div className="cropper-stage">
        <Cropper
          image={props.source}
          crop={crop}
          zoom={zoom}
          aspect={props.width / props.height}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onComplete}
        />
      </div>
      <label className="cropper-zoom">
        {t("images.zoom")}
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={props.onCancel} disabled={props.busy}>
          {t("images.cancel")}
        </button>
        <button
          type="button"
          className="button"
          disabled={!area || props.busy}
          onClick={async () => area && props.onDone(await cropToBlob(props.source, area, props.width, props.height))}
        >
          {t("images.apply")}
        </button>
      </div>
    </div>
  );
}
