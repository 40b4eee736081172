export * from "./slots";
export * from "./reservations";
export * from "./holding";
export * from "./reminders";
export * from "./ticket-seats";
