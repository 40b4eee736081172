import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireDiscord } from "../../../server/http/discord-oauth";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { FAKE_GUILDS, fakeDiscordCode, fakeDiscordUserId } from "../../../server/integrations/discord/fake";

export const handle = { i18n: ["common", "discord"] };
export const clientLoader = withNamespaces(["discord"]);

/**
 * The offline Discord's authorize screen (docs/decisions/040): stands in for discord.com's, so
 * the whole link-up runs locally. Only where the fake is the client: 404 everywhere else.
 */
function fakeOnly(app: Parameters<typeof requireDiscord>[0]) {
  if (requireDiscord(app).kind !== "fake") throw new Response(null, { status: 404 });
}

function params(url: URL) {
  const purpose = url.searchParams.get("purpose") === "bot" ? ("bot" as const) : ("user" as const);
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  const state = url.searchParams.get("state") ?? "";
  const challenge = url.searchParams.get("code_challenge") ?? "";
  return { purpose, redirectUri, state, challenge };
}

/** Only back to this Worker's own pages: the fake is no open redirect. */
function ownCallback(redirectUri: string, request: Request): URL {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    throw new Response(null, { status: 400 });
  }
  const own = new URL(request.url);
  if (target.host !== own.host || !target.pathname.endsWith("/callback")) throw new Response(null, { status: 400 });
  return target;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  fakeOnly(app);
  const p = params(new URL(request.url));
  ownCallback(p.redirectUri, request);
  return {
    title: translatorFor(app.locale, "discord")("fake.title"),
    purpose: p.purpose,
    guilds: FAKE_GUILDS.map((g) => ({ id: g.id, name: g.name })),
    suggestedName: `${user.name || "fan"}`.slice(0, 32),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  requireUser(app);
  fakeOnly(app);
  const p = params(new URL(request.url));
  const target = ownCallback(p.redirectUri, request);
  const form = await request.formData();
  target.searchParams.set("state", p.state);
  if (form.get("decision") !== "allow") {
    target.searchParams.set("error", "access_denied");
    throw redirect(target.toString());
  }
  if (p.purpose === "bot") {
    const guildId = String(form.get("guildId") ?? "");
    if (!FAKE_GUILDS.some((g) => g.id === guildId)) throw new Response(null, { status: 400 });
    target.searchParams.set("code", fakeDiscordCode({ p: "bot", r: p.redirectUri, c: p.challenge, g: guildId }));
    target.searchParams.set("guild_id", guildId);
  } else {
    const username = String(form.get("username") ?? "").trim();
    if (username.length < 2 || username.length > 32) throw new Response(null, { status: 400 });
    const id = await fakeDiscordUserId(username);
    target.searchParams.set("code", fakeDiscordCode({ p: "user", r: p.redirectUri, c: p.challenge, u: { id, username } }));
  }
  throw redirect(target.toString());
}

export default function FakeDiscordAuthorize() {
  const { t } = useTranslation("discord");
  const { purpose, guilds, suggestedName } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{t("fake.title")}</h1>
      <p className="muted">{t("fake.note")}</p>
      {/* a document submission, as Discord's own screen is: the answer redirects to the callback,
          whose state cookie is scoped to the callback's exact path (a client-side navigation
          would fetch `callback.data`, outside that path) */}
      <Form method="post" className="form card" reloadDocument>
        {purpose === "bot" ? (
          <label className="field">
            <span>{t("fake.guild")}</span>
            <select name="guildId" defaultValue={guilds[0]?.id}>
              {guilds.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <label className="field">
            <span>{t("fake.username")}</span>
            <input name="username" defaultValue={suggestedName} minLength={2} maxLength={32} required />
          </label>
        )}
        <p>{purpose === "bot" ? t("fake.botScopes") : t("fake.userScopes")}</p>
        <div className="form-actions">
          <button type="submit" name="decision" value="deny" className="button secondary">
            {t("fake.deny")}
          </button>
          <button type="submit" name="decision" value="allow" className="button">
            {t("fake.allow")}
          </button>
        </div>
      </Form>
    </div>
  );
}
