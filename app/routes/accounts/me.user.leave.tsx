import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { Field, FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import type { TFunction } from "../../../server/i18n/setup";
import { requireUser } from "../../../server/http/require-user";
import { setFlash } from "../../../server/http/flash";
import { clearSessionCookie } from "../../../server/http/session-cookie";
import { translatorFor } from "../../../server/i18n";
import { leaveService } from "../../../server/services/leave";
import { enqueueEmail } from "../../../server/services/mailer";

export const handle = { i18n: ["common", "account"], breadcrumb: () => ({ label: "breadcrumb.leave" }) };
export const clientLoader = withNamespaces(["account"]);

const leaveSchema = (t: TFunction) =>
  z.object({
    password: z.string().optional(),
    understood: z.literal("on", { errorMap: () => ({ message: t("leave.mustConfirm") }) }),
  });

export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  return { title: translatorFor(app.locale, "account")("leave.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "account");
  const submission = parseWithZod(await request.formData(), { schema: leaveSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const result = await leaveService(app.db, { userId: user.id, password: submission.value.password ?? "", now: Date.now() });
  if (!result.ok) {
    const reply =
      result.reason === "ownsFanclub"
        ? submission.reply({ hideFields: ["password"], formErrors: [t("leave.ownsFanclub")] })
        : submission.reply({ hideFields: ["password"], fieldErrors: { password: [t("errors.wrongPassword")] } });
    return data({ result: reply }, { status: result.reason === "ownsFanclub" ? 409 : 400 });
  }
  enqueueEmail(app.env, app.waitUntil, result.emailId);
  clearSessionCookie(app);
  setFlash(app, [{ type: "info", key: "flash.left" }]);
  const brand = app.service ?? app.primaryService;
  throw redirect(brand ? `${new URL(brand.frontUrl).origin}/` : "/");
}

/** spec: /help/leave explains, /me/user/leave does it, after one more confirmation. */
export default function Leave() {
  const { t } = useTranslation("account");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const dialog = useDialog();
  const submit = useSubmit();
  const links = linkBuilder(useRootData());
  const schema = useMemo(() => leaveSchema(t), [t]);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    onSubmit: async (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      if (await dialog.confirm({ message: t("leave.confirm") })) submit(formData, { method: "post" });
    },
  });
  return (
    <div className="page leave">
      <section className="card" aria-labelledby="leave-title">
        <h1 id="leave-title">{t("leave.title")}</h1>
        <p>{t("leave.lead")}</p>
        <ul className="bullets">
          <li>{t("leave.pointSessions")}</li>
          <li>{t("leave.pointData")}</li>
          <li>{t("leave.pointPlans")}</li>
          <li>{t("leave.pointCoins")}</li>
          <li>{t("leave.pointRecords")}</li>
        </ul>
        <p>
          <a href={links.help("leave")}>{t("leave.helpLink")}</a>
        </p>
        <FormErrors errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="form">
          <Field label={t("fields.currentPassword")} errors={fields.password.errors} id={fields.password.id} hint={t("leave.passwordHint")}>
            <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          </Field>
          <div className="field field-check">
            <label>
              <input {...getInputProps(fields.understood, { type: "checkbox" })} /> {t("leave.understood")}
            </label>
            {fields.understood.errors?.length ? <p className="field-errors">{fields.understood.errors[0]}</p> : null}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={navigation.state !== "idle"}>
              {t("leave.submit")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
