import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { translatorFor } from "../../../server/i18n";
import { takeWelcome } from "../../../server/services/welcome";

export const handle = { i18n: ["common", "landing"] };
export const clientLoader = withNamespaces(["landing"]);

/**
 * /welcome: the welcome page of a new account (spec §2), shown once. Signing in after the
 * sign-up's confirmation lands here; the page takes the account's one welcome, and any later
 * visit goes to the top page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  if (!app.user) throw redirect(`${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}`);
  if (!(await takeWelcome(app.db, app.user.id))) throw redirect("/");
  return { title: translatorFor(app.locale, "landing")("welcome.title", { name: app.user.name }), name: app.user.name };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Welcome() {
  const { t } = useTranslation("landing");
  const { name } = useLoaderData<typeof loader>();
  const root = useRootData();
  const links = linkBuilder(root);
  return (
    <section className="welcome card" data-testid="welcome">
      <h1>{t("welcome.title", { name })}</h1>
      <p>{t("welcome.lead")}</p>
      <ul className="welcome-steps">
        <li>
          <a className="button" href={links.brand("/fanclubs?order=2&category=")}>
            {t("welcome.find")}
          </a>
          <p className="muted small">{t("welcome.findLead")}</p>
        </li>
        <li>
          <a className="button button-outline" href={links.user("/me/coins")}>
            {t("welcome.coins")}
          </a>
          <p className="muted small">{t("welcome.coinsLead")}</p>
        </li>
        <li>
          <a className="button button-outline" href={links.brand("/creator")}>
            {t("welcome.creator")}
          </a>
          <p className="muted small">{t("welcome.creatorLead")}</p>
        </li>
      </ul>
      <p>
        <a href={links.brand("/")}>{t("welcome.home")}</a>
      </p>
    </section>
  );
}
