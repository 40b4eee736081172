import { env, SELF } from "cloudflare:test";
import * as build from "virtual:remix/server-build";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../../server/api";
import { createSession } from "../../server/services/sessions";
import {
  createFanclub,
  createLiveEvent,
  createMembership,
  createPlan,
  createPost,
  createProduct,
  createRaffle,
  createUser,
  factoryDb,
} from "../factories";
import { hosts } from "./helpers";

/**
 * No input answers 500. Every page of the route table (the Remix build's routes: a page added
 * later is walked too) and every endpoint of the API (Hono's own list of its routes) is asked
 * with unknown, non-numeric and overlong ids, and everything that takes a body gets malformed
 * bodies (broken JSON, text, multipart without a boundary or cut short, empty) and bodies of
 * the wrong types and sizes, as a visitor, a fan and a creator. A 5xx, or an answer slower than
 * 5 s, fails the test, with the list of offenders.
 *
 * To stay fast on two cores each route gets every payload once, spread over the three people
 * (each person a different share), rather than every payload for every person.
 */

const SLOW_MS = 5_000;
const HUGE = "あ".repeat(20_000);
const CONCURRENCY = 6;

type Who = "visitor" | "fan" | "creator";
const PEOPLE: Who[] = ["visitor", "fan", "creator"];

interface Payload {
  name: string;
  type: string | null;
  body: string;
}

const WRONG_TYPES: Record<string, unknown> = {
  id: "abc",
  planId: -1,
  plan_id: { x: 1 },
  fanclubId: "1e999",
  amount: -100,
  price: "１００円",
  quantity: 1e308,
  count: [],
  email: 12,
  password: null,
  name: HUGE,
  title: HUGE,
  text: HUGE,
  body: HUGE,
  comment: HUGE,
  message: HUGE,
  intent: "../../etc",
  token: "'\"<>",
  loggedInPath: "//evil.example",
  next: "/%09/evil.example",
  returnTo: "\\\\evil",
  startAt: "not a date",
  date: "2026-02-30T25:61",
  items: "not a list",
  video: "yes",
  challengeId: {},
  response: "x",
};

const WRONG_FORM = new URLSearchParams(
  Object.entries({
    ...WRONG_TYPES,
    "post[title]": HUGE,
    "post[is_publish]": "maybe",
    "plan_id[]": "abc",
    userId: "NaN",
    page: "-1",
    status: "9",
    kind: "../x",
  }).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
).toString();

const PAYLOADS: Payload[] = [
  { name: "malformed JSON", type: "application/json", body: '{"id": 1, "name": ' },
  { name: "JSON that is not an object", type: "application/json", body: '["a", 1]' },
  { name: "text", type: "text/plain", body: "hello" },
  {
    name: "multipart without a boundary",
    type: "multipart/form-data",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  {
    name: "multipart cut short",
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
  },
  { name: "empty", type: null, body: "" },
  { name: "wrong types and huge strings (JSON)", type: "application/json", body: JSON.stringify(WRONG_TYPES) },
  { name: "wrong types and huge strings (form)", type: "application/x-www-form-urlencoded", body: WRONG_FORM },
];

/** Values for a path parameter: real rows of the creator where the name says which, then unknown, non-numeric and overlong. */
function paramValues(name: string, real: Record<string, number>): string[] {
  const known = real[name];
  return [
    ...(known !== undefined ? [String(known)] : []),
    "987654321",
    "abc'%22",
    "9".repeat(40),
    ...(name === "uniquePath" ? ["@_", "%F0%9F%98%80"] : []),
  ];
}

function fill(path: string, real: Record<string, number>, turn: number): string {
  return path
    .replace(/:(\w+)\{[^}]*\}/g, ":$1")
    .replace(/:(\w+)\??/g, (_, name: string) => {
      const values = paramValues(name, real);
      return values[turn % values.length]!;
    })
    .replace(/\*$/, "x/y");
}

interface Probe {
  label: string;
  who: Who;
  url: string;
  init: RequestInit;
}

interface Finding {
  label: string;
  status: number;
  ms: number;
}

const people: Record<Who, number | null> = { visitor: null, fan: null, creator: null };
const real: Record<string, number> = {};

/**
 * A fresh session for every request: a probe may sign its person out (DELETE /auth/sign_out, a
 * password change) and the next probe must still be that person.
 */
async function cookieOf(who: Who): Promise<string> {
  const userId = people[who];
  if (userId === null) return "sso_checked=1";
  const session = await createSession(factoryDb(env.DB), { userId, scope: "fanclub.localhost", now: Date.now() });
  return `sid=${session.id}; sso_checked=1`;
}

async function run(probes: Probe[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!;
      const started = Date.now();
      const headers = new Headers(probe.init.headers);
      headers.set("cookie", await cookieOf(probe.who));
      // a browser always names the host (Remix compares it with Origin before any action)
      headers.set("host", new URL(probe.url).host);
      const res = await SELF.fetch(probe.url, { ...probe.init, headers, redirect: "manual" });
      await res.arrayBuffer();
      const ms = Date.now() - started;
      if (res.status >= 500 || ms > SLOW_MS) findings.push({ label: `${probe.who} ${probe.label}`, status: res.status, ms });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return findings;
}

function bodyInit(method: string, payload: Payload, origin: string | null, extra: Record<string, string> = {}): RequestInit {
  const headers: Record<string, string> = { ...extra };
  if (payload.type) headers["content-type"] = payload.type;
  if (origin) headers.origin = origin;
  return { method, headers, body: payload.body };
}

/** Which host a page lives on, so the guard lets the request through to the route. */
function hostFor(path: string): string {
  if (path.startsWith("/auth")) return hosts.login;
  if (/^\/help\/(company|terms|law|privacy)/.test(path)) return hosts.base;
  if (
    /^\/(me\/(settings|coins|coin_vesting_campaign|purchase_histories|address|transfer|messages|card_registration)|notifications|profile|account|contest)/.test(
      path,
    )
  )
    return hosts.user;
  return hosts.www;
}

beforeAll(async () => {
  const creator = await createUser(env.DB, { name: "ファズ作者" });
  const fan = await createUser(env.DB, { name: "ファズファン" });
  const fanclub = await createFanclub(env.DB, { ownerId: creator.id, serviceId: 1, name: "ファズのファンクラブ" });
  const plan = await createPlan(env.DB, { fanclubId: fanclub.id, price: 500 });
  await createMembership(env.DB, { userId: fan.id, fanclubId: fanclub.id, planId: plan.id });
  const post = await createPost(env.DB, { fanclubId: fanclub.id, authorId: creator.id, planId: plan.id });
  const product = await createProduct(env.DB, { fanclubId: fanclub.id, createdBy: creator.id });
  const raffle = await createRaffle(env.DB, { fanclubId: fanclub.id });
  const live = await createLiveEvent(env.DB, { fanclubId: fanclub.id, ownerId: creator.id });
  Object.assign(real, {
    id: fanclub.id,
    fanclubId: fanclub.id,
    postId: post.id,
    productId: product.id,
    raffleId: raffle.id,
    liveId: live.id,
    planId: plan.id,
  });
  people.fan = fan.id;
  people.creator = creator.id;
});

describe("no input answers 500", () => {
  it("walks every page of the route table: loaders with odd ids, actions with malformed bodies", { timeout: 150_000 }, async () => {
    const routes = Object.values(
      build.routes as Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: { action?: unknown } }>,
    );
    const byId = new Map(routes.map((r) => [r.id, r]));
    const fullPath = (r: (typeof routes)[number]): string => {
      const own = r.path ?? "";
      const parent = r.parentId ? byId.get(r.parentId) : undefined;
      const base = parent ? fullPath(parent) : "";
      return own ? `${base.replace(/\/$/, "")}/${own}` : base || "/";
    };
    const pages = routes.filter((r) => r.path !== undefined || r.index);
    expect(pages.length).toBeGreaterThan(100);

    const probes: Probe[] = [];
    let turn = 0;
    for (const route of pages) {
      const pattern = fullPath(route);
      for (const who of PEOPLE) {
        const path = fill(pattern, real, turn++);
        const host = hostFor(path);
        probes.push({
          label: `GET ${pattern} (${path.slice(0, 80)})`,
          who,
          url: `http://${host}${path}`,
          init: { headers: { accept: "text/html" } },
        });
        probes.push({ label: `GET ${pattern}.data`, who, url: `http://${host}${path === "/" ? "/_root" : path}.data`, init: {} });
      }
      if (!route.module.action) continue;
      PAYLOADS.forEach((payload, i) => {
        const who = PEOPLE[(i + turn) % PEOPLE.length]!;
        const path = fill(pattern, real, turn++);
        const host = hostFor(path);
        probes.push({
          label: `POST ${pattern} with ${payload.name}`,
          who,
          url: `http://${host}${path}`,
          init: bodyInit("POST", payload, `http://${host}`),
        });
      });
    }
    const findings = await run(probes);
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });

  it("walks every endpoint of the API: odd ids, malformed bodies, wrong types", { timeout: 150_000 }, async () => {
    const seen = new Set<string>();
    const endpoints = api.routes.filter((r) => {
      if (r.method === "ALL" || r.path.endsWith("/*") || r.path === "*") return false;
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(endpoints.length).toBeGreaterThan(80);

    const probes: Probe[] = [];
    let turn = 0;
    const xhr = { "x-requested-with": "XMLHttpRequest", accept: "application/json" };
    for (const { method, path: pattern } of endpoints) {
      if (method === "GET") {
        for (const who of PEOPLE) {
          const path = fill(pattern, real, turn++);
          probes.push({
            label: `GET /api/v1${pattern} (${path.slice(0, 80)})`,
            who,
            url: `http://${hosts.www}/api/v1${path}?page=-1&before=abc&limit=1e9`,
            init: { headers: xhr },
          });
        }
        continue;
      }
      PAYLOADS.forEach((payload, i) => {
        const who = PEOPLE[(i + turn) % PEOPLE.length]!;
        const path = fill(pattern, real, turn++);
        probes.push({
          label: `${method} /api/v1${pattern} with ${payload.name}`,
          who,
          url: `http://${hosts.www}/api/v1${path}`,
          init: bodyInit(method, payload, null, xhr),
        });
      });
    }
    const findings = await run(probes);
    expect(findings, JSON.stringify(findings, null, 1)).toEqual([]);
  });

  it("answers an unreadable page body with a localized 400 or 415 before any action runs", async () => {
    const url = `http://${hosts.user}/account/password_reset`;
    const origin = `http://${hosts.user}`;
    const text = await SELF.fetch(url, bodyInit("POST", PAYLOADS[2]!, origin, { cookie: "locale=en" }));
    expect(text.status).toBe(415);
    expect(await text.text()).toContain("This kind of request is not supported");
    const cut = await SELF.fetch(url, bodyInit("POST", PAYLOADS[4]!, origin));
    expect(cut.status).toBe(400);
    expect(await cut.text()).toContain("リクエストの内容を読み取れませんでした");
    const noBoundary = await SELF.fetch(url, bodyInit("POST", PAYLOADS[3]!, origin));
    expect(noBoundary.status).toBe(400);
  });

  it("answers an unreadable API body with the envelope and a localized 400 or 415", async () => {
    const xhr = { "x-requested-with": "XMLHttpRequest", cookie: await cookieOf("fan") };
    const broken = await SELF.fetch(`http://${hosts.www}/api/v1/me/carts`, bodyInit("POST", PAYLOADS[0]!, null, xhr));
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      success: false,
      payload: { message: expect.stringContaining("リクエストの内容を読み取れませんでした") },
    });
    const text = await SELF.fetch(`http://${hosts.www}/api/v1/me/carts`, bodyInit("POST", PAYLOADS[2]!, null, xhr));
    expect(text.status).toBe(415);
  });
});
