/** The demo's JPEG originals (fan club 101's icon, header and album) and their variant kind. */
export function imageDemoOriginals(): Array<{ key: string; body: Uint8Array; kind: "icon" | "header" | "album" }>;
export function imageDemoStatements(now: number): string[];
export function imageDemoSizeStatements(objects: ReadonlyArray<{ key: string; body: Uint8Array }>): string[];
