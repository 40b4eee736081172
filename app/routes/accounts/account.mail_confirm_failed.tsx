import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { translatorFor } from "../../../server/i18n";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: translatorFor(context.app.locale, "account")("mailConfirmFailed.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function MailConfirmFailed() {
  const { t } = useTranslation("account");
  return (
    <section className="card auth-card">
      <h1>{t("mailConfirmFailed.title")}</h1>
      <p>{t("mailConfirmFailed.body")}</p>
      <p>
        <Link className="button" to="/account/confirmation_email">
          {t("mailConfirmFailed.resend")}
        </Link>
      </p>
    </section>
  );
}
