import { SELF } from "cloudflare:test";

interface StoredCookie {
  name: string;
  value: string;
  /** the Domain attribute, or the exact host for a host-only cookie */
  domain: string;
  hostOnly: boolean;
}

/**
 * A small browser for integration tests: keeps cookies by domain the way Chromium does (a
 * `Domain=fanclub.localhost` cookie reaches every subdomain, a host-only one only its host), sends
 * Origin on posts, and follows redirects when asked.
 */
export class TestBrowser {
  cookies: StoredCookie[] = [];

  cookieHeader(hostname: string): string {
    return this.cookies
      .filter((c) => (c.hostOnly ? c.domain === hostname : hostname === c.domain || hostname.endsWith(`.${c.domain}`)))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  cookie(name: string, hostname: string): StoredCookie | undefined {
    return this.cookies.find(
      (c) => c.name === name && (c.hostOnly ? c.domain === hostname : hostname === c.domain || hostname.endsWith(`.${c.domain}`)),
    );
  }

  store(url: URL, res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const domainAttr = attrs
        .find((a) => a.toLowerCase().startsWith("domain="))
        ?.slice(7)
        .toLowerCase();
      const maxAge = attrs.find((a) => a.toLowerCase().startsWith("max-age="))?.slice(8);
      const domain = domainAttr ?? url.hostname;
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.domain === domain));
      if (maxAge !== "0") this.cookies.push({ name, value, domain, hostOnly: !domainAttr });
    }
  }

  async request(href: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(href);
    const cookie = this.cookieHeader(url.hostname);
    const res = await SELF.fetch(url.toString(), {
      redirect: "manual",
      ...init,
      headers: {
        accept: "text/html",
        host: url.host,
        "user-agent": "Mozilla/5.0 (test browser)",
        ...(cookie ? { cookie } : {}),
        ...init.headers,
      },
    });
    this.store(url, res);
    return res;
  }

  get(href: string, headers: Record<string, string> = {}) {
    return this.request(href, { headers });
  }

  /** A form post, as a browser sends it: urlencoded, with this page's Origin. */
  post(href: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request(href, {
      method: "POST",
      body: new URLSearchParams(form).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(href).origin, ...headers },
    });
  }

  /** Follows redirects from `res` and returns the last response and the URLs visited. */
  async follow(res: Response, from: string, max = 10): Promise<{ res: Response; url: string; visited: string[] }> {
    let url = from;
    const visited: string[] = [];
    while (res.status >= 300 && res.status < 400 && visited.length < max) {
      url = new URL(res.headers.get("location")!, url).toString();
      visited.push(url);
      res = await this.get(url);
    }
    return { res, url, visited };
  }
}
