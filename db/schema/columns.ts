import { integer } from "drizzle-orm/sqlite-core";

// The columns nearly every table repeats, written once so a table states only what is its own.
// These helpers build exactly the columns the tables spelled out before (drizzle-kit generates no
// migration for them); `services`, whose id and created_at differ, keeps its own.

/** An AUTOINCREMENT rowid key: SQLite never hands a deleted row's id to a new row. */
export const serialId = () => integer("id").primaryKey({ autoIncrement: true });

/** An instant, stored as Unix milliseconds; drizzle reads and writes it as a Date. */
export const timestamp = <TName extends string>(name: TName) => integer(name, { mode: "timestamp_ms" });

/** When the row was written. No SQL default: the code passes its clock, so a batch and its tests agree on time. */
export const createdAt = () => timestamp("created_at").notNull();

/** created_at and updated_at of rows that change after they are written. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: timestamp("updated_at").notNull() });
