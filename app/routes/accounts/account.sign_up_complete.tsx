import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { translatorFor } from "../../../server/i18n";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: translatorFor(context.app.locale, "account")("signUpComplete.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function SignUpComplete() {
  const { t } = useTranslation("account");
  return (
    <section className="card auth-card">
      <h1>{t("signUpComplete.title")}</h1>
      <p>{t("signUpComplete.body")}</p>
      <p className="muted">
        {t("signUpComplete.notReceived")} <Link to="/account/confirmation_email">{t("signUpComplete.resend")}</Link>
      </p>
    </section>
  );
}
