import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/feedback/toast";
import { formatYen } from "../../../server/domain/number-display";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { isSnowflake } from "../../../server/domain/discord-roles";
import { requireDiscord } from "../../../server/http/discord-oauth";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { discordSettings, saveDiscordRoles, unlinkDiscordServer } from "../../../server/services/discord/links";

export const handle = { i18n: ["common", "discord"], breadcrumb: () => ({ label: "discord:creator.title" }) };
export const clientLoader = withNamespaces(["discord"]);

/** /me/fanclub/applications/discord: link the fan club's server (bot install) and map plans to roles (docs/decisions/040). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const client = requireDiscord(app);
  const settings = await discordSettings(app.db, client, op.fanclubId);
  return { title: translatorFor(app.locale, "discord")("creator.title"), fake: client.kind === "fake", ...settings };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  const client = requireDiscord(app);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "unlink") {
    await unlinkDiscordServer(app.db, op.fanclubId);
    return { done: "unlinked" as const, error: null };
  }
  if (intent !== "roles") return data({ done: null, error: "intent" as const }, { status: 400 });
  const map: Array<{ planId: number; roleId: string | null }> = [];
  for (const [name, value] of form) {
    const match = /^role_(\d{1,9})$/.exec(name);
    if (!match || typeof value !== "string") continue;
    if (value !== "" && !isSnowflake(value)) return data({ done: null, error: "unknownRole" as const }, { status: 400 });
    map.push({ planId: Number(match[1]), roleId: value === "" ? null : value });
  }
  const saved = await saveDiscordRoles(app.db, client, { fanclubId: op.fanclubId, map, now: Date.now() });
  if (!saved.ok) return data({ done: null, error: saved.reason }, { status: saved.reason === "discord" ? 502 : 400 });
  // members already in the server get their new roles from the queue
  app.waitUntil(app.env.JOBS.send({ type: "discord-sync", key: `discord-sync:roles:${op.fanclubId}:${Date.now()}` }));
  return { done: "saved" as const, error: null };
}

export default function DiscordSettingsPage() {
  const { t } = useTranslation("discord");
  const { server, plans, roles, memberCount, fake } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.done) toast.show(t(`creator.done.${actionData.done}`), "success");
    else if (actionData?.error) toast.show(t(`errors.${actionData.error}`), "error");
  }, [actionData, toast, t]);
  return (
    <div className="page narrow">
      <h1>{t("creator.title")}</h1>
      <p className="muted">{t("creator.lead")}</p>
      <section className="card" aria-labelledby="discord-server">
        <h2 id="discord-server">{t("creator.server")}</h2>
        {server ? (
          <>
            <p data-testid="discord-guild">{t("creator.linkedTo", { name: server.guildName })}</p>
            <p className="muted small">{t("creator.members", { count: memberCount })}</p>
            <div className="form-actions">
              <a className="button secondary" href="/me/fanclub/applications/discord/connect">
                {t("creator.relink")}
              </a>
              <Form method="post">
                <input type="hidden" name="intent" value="unlink" />
                <button type="submit" className="button secondary" disabled={navigation.state !== "idle"}>
                  {t("creator.unlink")}
                </button>
              </Form>
            </div>
          </>
        ) : (
          <>
            <p className="muted">{t("creator.notLinked")}</p>
            <a className="button" href="/me/fanclub/applications/discord/connect">
              {t("creator.link")}
            </a>
          </>
        )}
        {fake ? <p className="muted small">{t("fake.note")}</p> : null}
      </section>
      {server ? (
        <section className="card" aria-labelledby="discord-roles">
          <h2 id="discord-roles">{t("creator.roles")}</h2>
          <p className="muted small">{t("creator.rolesLead")}</p>
          {roles === null ? (
            <p className="form-error">{t("errors.discord")}</p>
          ) : (
            <Form method="post" className="form">
              <input type="hidden" name="intent" value="roles" />
              {plans.map((p) => (
                <label key={p.id} className="field">
                  <span>
                    {p.name} ({formatYen(p.price)})
                  </span>
                  <select name={`role_${p.id}`} defaultValue={p.roleId ?? ""} aria-label={t("creator.roleFor", { plan: p.name })}>
                    <option value="">{t("creator.noRole")}</option>
                    {roles.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <div className="form-actions">
                <button type="submit" className="button" disabled={navigation.state !== "idle"}>
                  {t("creator.save")}
                </button>
              </div>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
