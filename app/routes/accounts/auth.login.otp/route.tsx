import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { parse } from "hono/utils/cookie";
import { z } from "zod";
import { Field, FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { OTP_PENDING_COOKIE, startSession } from "../../../../server/http/session-cookie";
import { translatorFor } from "../../../../server/i18n";
import { lockSubjects, recordFailure, signInWait } from "../../../../server/services/accounts";
import { waitMinutes } from "../../../../server/domain/throttle";
import { destinationAfterSignIn, returnTarget } from "../../../../server/services/sign-in";
import { finishPendingLogin, pendingLogin, verifySecondStep } from "../../../../server/services/two-step";
import type { AppContext } from "../../../../server/context";
import { signInEmail } from "./queries.server";

export const handle = { layout: "simple", i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

function pendingId(request: Request) {
  return parse(request.headers.get("cookie") ?? "", OTP_PENDING_COOKIE)[OTP_PENDING_COOKIE];
}

async function requirePending(app: AppContext, request: Request) {
  const id = pendingId(request);
  const pending = await pendingLogin(app.db, id, Date.now());
  if (!pending || !id) throw redirect("/auth/login");
  return { id, pending };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePending(context.app, request);
  return { title: translatorFor(context.app.locale, "account")("twoStep.loginTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const schema = (required: string) => z.object({ code: z.string({ required_error: required }).trim().min(1, required).max(20) });

/** The second step after a correct password: a 6-digit code from the app, or a recovery code. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const t = translatorFor(app.locale, "account");
  const { id, pending } = await requirePending(app, request);
  const submission = parseWithZod(await request.formData(), { schema: schema(t("validation.required", { field: t("fields.otpCode") })) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const now = Date.now();
  const email = await signInEmail(app.db, pending.userId);
  const subjects = lockSubjects(email ?? `user:${pending.userId}`, app.clientIp);
  const wait = await signInWait(app.db, subjects, now);
  if (wait !== null)
    return data(
      { result: submission.reply({ formErrors: [t("errors.locked", { minutes: waitMinutes(wait) })] }) },
      { status: 429, headers: { "Retry-After": String(Math.ceil(wait / 1000)) } },
    );
  if (!(await verifySecondStep(app.db, pending.userId, submission.value.code, now))) {
    await recordFailure(app.db, subjects, now);
    return data({ result: submission.reply({ formErrors: [t("twoStep.wrongCode")] }) }, { status: 400 });
  }
  await finishPendingLogin(app.db, id);
  app.setCookie(OTP_PENDING_COOKIE, "", { path: "/auth", maxAge: 0 });
  await startSession(app, pending.userId);
  throw redirect(destinationAfterSignIn(app, returnTarget(app, pending.returnTo)));
}

export default function TwoStepLogin() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ code: string }>({ lastResult: actionData?.result });
  return (
    <section className="card auth-card">
      <h1>{t("twoStep.loginTitle")}</h1>
      <p className="muted">{t("twoStep.loginLead")}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="form">
        <Field label={t("fields.otpCode")} errors={fields.code.errors} id={fields.code.id}>
          <input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="text"
            autoComplete="one-time-code"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- this step asks for nothing but the code
            autoFocus
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("twoStep.verify")}
          </button>
        </div>
      </Form>
    </section>
  );
}
