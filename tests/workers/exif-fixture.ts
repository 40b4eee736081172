/** An APP1 Exif segment carrying a GPS IFD tag and a recognisable place name. */
function exifSegment(): Uint8Array {
  const text = new TextEncoder().encode(
    "Exif\0\0MM\0*\0\0\0\x08\0\x01\x88\x25\0\x04\0\0\0\x01\0\0\0\x1aGPSLatitude 35.6812N Tokyo Station",
  );
  const seg = new Uint8Array(4 + text.length);
  seg.set([0xff, 0xe1, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
  seg.set(text, 4);
  return seg;
}

/** The JPEG with that EXIF block put right after its start marker, as a camera writes it. */
export function withExif(jpegBytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const seg = exifSegment();
  const out = new Uint8Array(jpegBytes.length + seg.length);
  out.set(jpegBytes.subarray(0, 2));
  out.set(seg, 2);
  out.set(jpegBytes.subarray(2), 2 + seg.length);
  return out;
}

export const contains = (hay: Uint8Array, needle: string) => Buffer.from(hay).includes(Buffer.from(needle, "latin1"));
