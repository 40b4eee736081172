export interface SeedOrigin {
  scheme: "http" | "https";
  port: string;
}
export function seedStatements(origin: SeedOrigin): string[];
export const SEEDED_BRANDS: ReadonlyArray<{ id: number; domain: string; name: string; kind: "official" | "indies" }>;

/** The password every demo account signs in with. */
export const DEMO_PASSWORD: string;
export interface DemoAccount {
  id: number;
  email: string;
  name: string;
  role: "creator" | "fan" | "editor" | "label" | "operator";
  initials: string;
  hue: number;
  /** a public path under /demo/users or /demo/fanclubs, or null */
  iconUrl: string | null;
}
export interface DemoFanclub {
  id: number;
  serviceId: number;
  ownerId: number;
  name: string;
  creatorName: string;
  uniquePath: string;
  category: string;
  tags: string[];
  initials: string;
  hue: number;
  /** public paths starting with /demo/, or null when the creator has not set images */
  iconKey: string | null;
  headerKey: string | null;
  planCount: number;
  profileEdited: boolean;
}
export const DEMO_ACCOUNTS: ReadonlyArray<DemoAccount>;
export const DEMO_FANCLUBS: ReadonlyArray<DemoFanclub>;
/** The demo vesting campaign, and the fan who holds paid coins and that campaign's bonus. */
export const DEMO_COINS: { campaignId: number; userId: number; paid: number; bonus: number };
/** Demo creators, fan clubs, plans, fans and their ties; applied after `seedStatements`. */
export function demoStatements(origin: SeedOrigin, now?: number): string[];
export function ledgerDemoStatements(now?: number): string[];
