export interface DemoBitmap {
  width: number;
  height: number;
  /** RGBA */
  data: Uint8Array;
}
/** A photo-like RGBA picture drawn from a seed (same seed, same pixels). */
export function demoPhoto(seed: number, width?: number, height?: number): DemoBitmap;
/** Downscale by averaging boxes of pixels (factor 0.5: half the size). */
export function resizeBox(img: DemoBitmap, factor: number): DemoBitmap;
