import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireDiscord } from "../../../server/http/discord-oauth";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { myDiscord, unlinkDiscordAccount } from "../../../server/services/discord/links";
import { joinDiscordServer } from "../../../server/services/discord/roles";

export const handle = { i18n: ["common", "discord"], breadcrumb: () => ({ label: "discord:me.title" }) };
export const clientLoader = withNamespaces(["discord"]);

/** /me/discord: the fan's linked Discord account and the fan club servers they can join (docs/decisions/040). */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const client = requireDiscord(app);
  const mine = await myDiscord(app.db, user.id);
  return { title: translatorFor(app.locale, "discord")("me.title"), fake: client.kind === "fake", ...mine };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const client = requireDiscord(app);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "unlink") {
    await unlinkDiscordAccount(app.db, client, { userId: user.id });
    return { done: "unlinked" as const, error: null };
  }
  if (intent === "join") {
    const fanclubId = Number(form.get("fanclubId"));
    if (!Number.isSafeInteger(fanclubId) || fanclubId < 1) return data({ done: null, error: "noServer" as const }, { status: 400 });
    const result = await joinDiscordServer(app.db, client, { userId: user.id, fanclubId, now: Date.now() });
    if (!result.ok)
      return data(
        { done: null, error: result.reason },
        { status: result.reason === "discord" ? 502 : result.reason === "noServer" ? 404 : 403 },
      );
    return { done: "joined" as const, error: null };
  }
  return data({ done: null, error: "intent" as const }, { status: 400 });
}

export default function MeDiscord() {
  const { t } = useTranslation("discord");
  const { account, servers, joined, fake } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.done) toast.show(t(`me.done.${actionData.done}`), "success");
    else if (actionData?.error) toast.show(t(`errors.${actionData.error}`), "error");
  }, [actionData, toast, t]);
  const joinedIds = new Set(joined.map((j) => j.fanclubId));
  return (
    <div className="page settings">
      <h1>{t("me.title")}</h1>
      <section className="card" aria-labelledby="discord-account">
        <h2 id="discord-account">{t("me.account")}</h2>
        {account ? (
          <>
            <p data-testid="discord-account">{t("me.linkedAs", { name: account.username })}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="unlink" />
              <button type="submit" className="button secondary" disabled={navigation.state !== "idle"}>
                {t("me.unlink")}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p className="muted">{t("me.lead")}</p>
            <a className="button" href="/me/discord/connect">
              {t("me.link")}
            </a>
          </>
        )}
        {fake ? <p className="muted small">{t("fake.note")}</p> : null}
      </section>
      <section className="card" aria-labelledby="discord-servers">
        <h2 id="discord-servers">{t("me.servers")}</h2>
        {servers.length === 0 ? (
          <p className="empty-state">{t("me.noServers")}</p>
        ) : (
          <ul className="passkey-list">
            {servers.map((s) => (
              <li key={s.fanclubId} data-testid={`discord-server-${s.fanclubId}`}>
                <span>
                  <Link to={`/fanclubs/${s.fanclubId}`}>{s.fanclubName}</Link> — {s.guildName}
                  {joinedIds.has(s.fanclubId) ? <span className="badge">{t("me.joined")}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="join" />
                  <input type="hidden" name="fanclubId" value={s.fanclubId} />
                  <button type="submit" className="button" disabled={!account || navigation.state !== "idle"}>
                    {joinedIds.has(s.fanclubId) ? t("me.resync") : t("me.join")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
