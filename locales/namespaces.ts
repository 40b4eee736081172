/**
 * Translation namespaces: `common` for every page, `help` for the help pages and inquiry form,
 * `account` for sign-up, sign-in, account settings and the e-mails they send, `address` for
 * delivery addresses, `preferences` for notification settings and linked accounts.
 */
export const NAMESPACES = ["common", "help", "account", "address", "preferences"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";
