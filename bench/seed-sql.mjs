import { request } from "node:http";

/**
 * What the benchmarks that seed their own data share: SQL literals, multi-row INSERTs, and a
 * JSON call to the seeded Worker's dev routes on the base domain.
 */

/** A SQL string literal. */
export const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

/** INSERT statements of `perStatement` rows each (values already SQL literals). */
export function* insertRows(table, columns, rows, perStatement = 400) {
  for (let i = 0; i < rows.length; i += perStatement) {
    yield `INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${rows
      .slice(i, i + perStatement)
      .map((r) => `(${r.join(", ")})`)
      .join(",\n")};`;
  }
}

/** GET or POST a path of the Worker on `port`; answers the parsed JSON body and the D1 round trips the response reports. */
export function workerJson(port, pathname, method = "GET", timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const host = `www.fanclub.localhost:${port}`;
    const headers = { host, accept: "application/json", ...(method === "POST" ? { origin: `http://${host}`, "content-length": "0" } : {}) };
    const req = request({ host: "127.0.0.1", port, path: pathname, method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) return reject(new Error(`${pathname} answered ${res.statusCode}: ${body.slice(0, 300)}`));
        try {
          resolve({ json: JSON.parse(body), trips: Number(res.headers["x-d1-round-trips"]) });
        } catch {
          reject(new Error(`${pathname} answered no JSON: ${body.slice(0, 300)}`));
        }
      });
    });
    req.on("error", reject);
    // a wedged worker must not hang the benchmark
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${pathname} did not answer in ${timeoutMs / 1000} s`)));
    req.end();
  });
}

/** Signs a demo account in on the login domain; resolves its cookies (the session covers every subdomain). */
export function signInDemo(port, email) {
  const body = new URLSearchParams({ email, password: "fanclub-demo" }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/auth/login",
        headers: {
          host: `auth.fanclub.localhost:${port}`,
          origin: `http://auth.fanclub.localhost:${port}`,
          accept: "text/html",
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        if (!/(^|; )sid=/.test(cookie)) reject(new Error(`sign-in as ${email} failed (${res.statusCode})`));
        else resolve(cookie);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
