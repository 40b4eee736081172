import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { translatorFor } from "../../../server/i18n";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: translatorFor(context.app.locale, "account")("passwordResetComplete.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function PasswordResetComplete() {
  const { t } = useTranslation("account");
  return (
    <section className="card auth-card">
      <h1>{t("passwordResetComplete.title")}</h1>
      <p>{t("passwordResetComplete.body")}</p>
    </section>
  );
}
