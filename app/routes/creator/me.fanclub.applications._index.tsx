import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { requireDiscord } from "../../../server/http/discord-oauth";
import { translatorFor } from "../../../server/i18n";
import { discordServerOf } from "../../../server/services/discord/links";

export const handle = { i18n: ["common", "discord"], breadcrumb: () => ({ label: "discord:apps.title" }) };
export const clientLoader = withNamespaces(["discord"]);

/** /me/fanclub/applications: the outside services a fan club can connect (today Discord). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "managePlans");
  requireDiscord(app);
  const server = await discordServerOf(app.db, op.fanclubId);
  return { title: translatorFor(app.locale, "discord")("apps.title"), discord: server ? server.guildName : null };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Applications() {
  const { t } = useTranslation("discord");
  const { discord } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <h1>{t("apps.title")}</h1>
      <p className="muted">{t("apps.lead")}</p>
      <ul className="passkey-list">
        <li>
          <span>
            <strong>Discord</strong> {discord ? t("apps.linked", { name: discord }) : t("apps.notLinked")}
          </span>
          <Link className="button" to="/me/fanclub/applications/discord">
            {t("apps.open")}
          </Link>
        </li>
      </ul>
    </div>
  );
}
