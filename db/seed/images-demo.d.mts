/** The demo's JPEG originals (fan club 101's icon, header and album; the leak demo's photos, put elsewhere) and their variant kind. */
export function imageDemoOriginals(): Array<{ key: string; body: Uint8Array; kind: "icon" | "header" | "album"; put: boolean }>;
export function imageDemoStatements(now: number): string[];
