import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { INQUIRY_CATEGORIES, INQUIRY_LIMITS, inquirySchema } from "../../../server/domain/inquiry";
import { createInquiry } from "../../../server/services/inquiries";
import { Field } from "~/components/form/field";
import { HelpArticle } from "~/components/help-article";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { withNamespaces } from "~/lib/i18n";
import { translatorFor } from "../../../server/i18n";

export const clientLoader = withNamespaces(["help"]);

export const handle = {
  i18n: ["common", "help"],
  breadcrumb: (d: { title?: string } | undefined) => [
    { label: "breadcrumb.help" },
    ...(d?.title ? [{ label: d.title, literal: true }] : []),
  ],
};

export async function loader({ context }: LoaderFunctionArgs) {
  const t = translatorFor(context.app.locale, "help");
  return { title: t("inquiry.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const submission = parseWithZod(await request.formData(), { schema: inquirySchema(app.t) });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  await createInquiry(app.db, submission.value, {
    serviceId: app.service?.id ?? null,
    locale: app.locale,
    now: new Date(),
  });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function Inquiry() {
  const { t } = useTranslation("help");
  const { t: tc } = useTranslation("common");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const dialog = useDialog();
  const schema = useMemo(() => inquirySchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  useEffect(() => {
    if (actionData?.sent) toast.show(t("inquiry.sent"), "success");
  }, [actionData, toast, t]);
  const sending = navigation.state === "submitting";

  const clear = async () => {
    const ok = await dialog.confirm({ message: t("inquiry.clearConfirm") });
    if (ok) form.reset();
  };

  return (
    <div className="page help-inquiry">
      <HelpArticle page="inquiry" />
      <section className="card" aria-labelledby="inquiry-form-title">
        <h2 id="inquiry-form-title">{t("inquiry.title")}</h2>
        <p>{t("inquiry.lead")}</p>
        {actionData?.sent ? (
          <p className="flash flash-info" role="status">
            {t("inquiry.sent")}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="form">
          <Field label={t("inquiry.fields.name")} errors={fields.name.errors} id={fields.name.id}>
            <input {...getInputProps(fields.name, { type: "text" })} placeholder={t("inquiry.placeholders.name")} autoComplete="name" />
          </Field>
          <Field label={t("inquiry.fields.email")} errors={fields.email.errors} id={fields.email.id}>
            <input {...getInputProps(fields.email, { type: "email" })} placeholder={t("inquiry.placeholders.email")} autoComplete="email" />
          </Field>
          <Field label={t("inquiry.fields.category")} errors={fields.category.errors} id={fields.category.id}>
            <select {...getSelectProps(fields.category)}>
              <option value="">{t("inquiry.selectCategory")}</option>
              {INQUIRY_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`inquiry.categories.${c}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("inquiry.fields.subject")} errors={fields.subject.errors} id={fields.subject.id}>
            <input {...getInputProps(fields.subject, { type: "text" })} placeholder={t("inquiry.placeholders.subject")} />
          </Field>
          <Field label={t("inquiry.fields.body")} errors={fields.body.errors} id={fields.body.id}>
            <textarea {...getTextareaProps(fields.body)} rows={8} placeholder={t("inquiry.placeholders.body")} />
            <span className="counter" aria-live="polite">
              {t("inquiry.bodyCounter", { count: (fields.body.value ?? "").length, max: INQUIRY_LIMITS.body })}
            </span>
          </Field>
          <p className="muted small">{t("inquiry.privacyNote")}</p>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={clear} disabled={sending}>
              {t("inquiry.clear")}
            </button>
            <button type="submit" className="button" disabled={sending}>
              {sending ? t("inquiry.sending") : t("inquiry.submit")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
