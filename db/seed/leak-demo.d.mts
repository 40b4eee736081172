export function leakDemoObjects(): Array<{ key: string; body: Uint8Array; contentType: string }>;
export function leakDemoStatements(now: number): string[];
