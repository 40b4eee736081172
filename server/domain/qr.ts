import qrcode from "qrcode-generator";

/**
 * An SVG QR code for a short text (the otpauth:// URI an authenticator app scans). Drawn on the
 * server by qrcode-generator, a dependency-free encoder, so no image request and no client code.
 * The text only ever comes from our own code, never from a request.
 */
export function qrSvg(text: string, cellSize = 4): string {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize, margin: 2, scalable: true });
}
