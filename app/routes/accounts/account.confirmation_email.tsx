import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { EmailRequestForm } from "~/components/account/email-request-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { emailOnlySchema } from "../../../server/domain/accounts";
import { translatorFor } from "../../../server/i18n";
import { resendConfirmation, takeMailAllowance } from "../../../server/services/accounts";
import { mailThrottled } from "../../../server/http/mail-throttle";
import { enqueueEmail } from "../../../server/services/mailer";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: translatorFor(context.app.locale, "account")("confirmationEmail.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const submission = parseWithZod(await request.formData(), { schema: emailOnlySchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const wait = await takeMailAllowance(app.db, { email: submission.value.email, ip: app.clientIp, now: Date.now() });
  if (wait !== null) return mailThrottled(submission, t, wait, { sent: false });
  const emailId = await resendConfirmation(app.db, { email: submission.value.email, links: app.origins, now: Date.now() });
  enqueueEmail(app.env, app.waitUntil, emailId);
  // the same answer whether or not the address has an account
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function ConfirmationEmail() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  return (
    <EmailRequestForm
      title={t("confirmationEmail.title")}
      lead={t("confirmationEmail.lead")}
      submit={t("confirmationEmail.submit")}
      lastResult={actionData?.result}
      notice={
        actionData?.sent ? (
          <p className="flash flash-info" role="status">
            {t("confirmationEmail.sent")}
          </p>
        ) : null
      }
    />
  );
}
