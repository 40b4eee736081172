/** Translation namespaces: `common` for every page, `help` for the help pages and inquiry form. */
export const NAMESPACES = ["common", "help"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";
