// Typed test data: one function per entity, taking the D1 database and the fields that matter to
// the test; everything else gets a sensible default. They write through db/schema, so a renamed
// or retyped column breaks them at typecheck instead of in a SQL string at run time.
export * from "./accounts";
export { factoryDb, unique, type Fields } from "./db";
export * from "./fanclubs";
export * from "./live";
export * from "./money";
export * from "./posts";
export * from "./products";
export * from "./raffles";
export * from "./contests";
