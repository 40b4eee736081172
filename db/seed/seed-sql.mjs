// Local demo data as idempotent SQL. Plain JavaScript on purpose: the seed script (Node, before the
// worker exists) and the integration tests (inside workerd) build the very same statements.

/** @typedef {{ scheme: "http" | "https", port: string }} SeedOrigin */

const BRANDS = [
  {
    id: 1,
    domain: "www.fanclub.localhost",
    name: "Fanclub",
    kind: "official",
    cssClass: "theme-fanclub",
    themeColor: "#e4007f",
    requireOpenRequest: true,
    requireBasic: false,
    logo: "/brands/fanclub/logo.svg",
    fullLogo: "/brands/fanclub/full-logo.svg",
    ogp: "/brands/fanclub/ogp.png",
    isPrimary: true,
    sortOrder: 1,
  },
  {
    id: 2,
    domain: "indies.fanclub.localhost",
    name: "Fanclub Indies",
    kind: "indies",
    cssClass: "theme-indies",
    themeColor: "#1d7af3",
    requireOpenRequest: false,
    requireBasic: false,
    logo: "/brands/indies/logo.svg",
    fullLogo: "/brands/indies/full-logo.svg",
    ogp: "/brands/indies/ogp.png",
    isPrimary: false,
    sortOrder: 2,
  },
  {
    id: 3,
    domain: "kirameki.localhost",
    name: "Kirameki",
    kind: "official",
    cssClass: "theme-kirameki",
    themeColor: "#8a4dff",
    requireOpenRequest: true,
    requireBasic: false,
    logo: "/brands/kirameki/logo.svg",
    fullLogo: "/brands/kirameki/full-logo.svg",
    ogp: "/brands/kirameki/ogp.png",
    isPrimary: false,
    sortOrder: 3,
  },
];

/** @param {string} value */
const q = (value) => `'${String(value).replace(/'/g, "''")}'`;
/** @param {boolean} value */
const b = (value) => (value ? "1" : "0");

/**
 * @param {SeedOrigin} origin
 * @returns {string[]} statements, each idempotent (running the seed twice changes nothing)
 */
export function seedStatements(origin) {
  const port = origin.port ? `:${origin.port}` : "";
  return BRANDS.map((s) => {
    const frontUrl = `${origin.scheme}://${s.domain}${port}`;
    return (
      "INSERT INTO services (id, domain, name, kind, css_class, theme_color, front_url, require_open_request, require_basic, logo, full_logo, ogp, is_primary, sort_order, created_at) VALUES (" +
      [s.id, q(s.domain), q(s.name), q(s.kind), q(s.cssClass), q(s.themeColor), q(frontUrl), b(s.requireOpenRequest), b(s.requireBasic), q(s.logo), q(s.fullLogo), q(s.ogp), b(s.isPrimary), s.sortOrder, "1767225600000"].join(", ") +
      ") ON CONFLICT(id) DO UPDATE SET domain = excluded.domain, name = excluded.name, kind = excluded.kind, css_class = excluded.css_class, theme_color = excluded.theme_color, front_url = excluded.front_url, require_open_request = excluded.require_open_request, require_basic = excluded.require_basic, logo = excluded.logo, full_logo = excluded.full_logo, ogp = excluded.ogp, is_primary = excluded.is_primary, sort_order = excluded.sort_order;"
    );
  });
}

export const SEEDED_BRANDS = BRANDS.map(({ id, domain, name, kind }) => ({ id, domain, name, kind }));
