import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/i18n";

export const handle = { layout: "simple" };

/**
 * The login page on the login domain. The accounts issue adds the form and the cross-brand
 * handoff; until then it says so plainly, and shows where the visitor will return.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = new URL(request.url).searchParams.get("loggedInPath");
  // Only a URL on a known brand or the user domain is shown (and later followed).
  const known = [...context.app.services.map((s) => s.frontUrl), context.app.origins.user];
  const safeReturn = returnTo && known.some((origin) => returnTo.startsWith(`${origin}/`)) ? returnTo : null;
  return { title: context.app.t("auth.loginTitle"), returnTo: safeReturn };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Login() {
  const { t } = useTranslation();
  const { returnTo } = useLoaderData<typeof loader>();
  return (
    <section className="card auth-card">
      <h1>{t("auth.loginTitle")}</h1>
      <p>{t("auth.loginUnavailable")}</p>
      <p className="muted">{t("auth.loginUnavailableHint")}</p>
      {returnTo ? <p className="muted small">{t("auth.returnTo", { url: returnTo })}</p> : null}
    </section>
  );
}
