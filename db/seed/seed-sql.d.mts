export interface SeedOrigin {
  scheme: "http" | "https";
  port: string;
}
export function seedStatements(origin: SeedOrigin): string[];
export const SEEDED_BRANDS: ReadonlyArray<{ id: number; domain: string; name: string; kind: "official" | "indies" }>;
