// The database schema, one file per domain. drizzle-kit diffs this module against migrations/
// (drizzle.config.ts), and the code imports tables from "db/schema" as one module.
// Imports between the files go one way: brands, accounts → settings, fanclubs → posts, money →
// tips, live, raffles, products → earnings, payouts.
export * from "./brands";
export * from "./jobs";
export * from "./accounts";
export * from "./settings";
export * from "./fanclubs";
export * from "./posts";
export * from "./money";
export * from "./tips";
export * from "./live";
export * from "./raffles";
export * from "./products";
export * from "./lessons";
export * from "./earnings";
export * from "./payouts";
export * from "./messages";
export * from "./talks";
export * from "./schedules";
export * from "./community";
export * from "./welcome";
export * from "./leak";
export * from "./discord";
export * from "./contests";
export * from "./post-products";
export * from "./notices";
export * from "./passkey-settings";
export * from "./dc3";
