/** The demo's JPEG objects (fan club 101's icon, header and album) and every variant, all image/jpeg. */
export function imageDemoObjects(): Array<{ key: string; body: Uint8Array }>;
export function imageDemoStatements(now: number): string[];
