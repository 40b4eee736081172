import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { HelpArticle } from "~/components/help-article";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { OPEN_REQUEST_LIMITS, openRequestSchema } from "../../../server/domain/fanclub-profile";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { latestRequest, submitOpenRequest } from "../../../server/services/open-requests";

export const clientLoader = withNamespaces(["help", "creator"]);
export const handle = {
  i18n: ["common", "help", "creator"],
  breadcrumb: (d: { title?: string } | undefined) => [
    { label: "breadcrumb.help" },
    ...(d?.title ? [{ label: d.title, literal: true }] : []),
  ],
};

/**
 * /help/fanclub_open_request: what an open request is, and for signed-in people the request form
 * of this brand (or the state of the request they sent).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const t = app.t;
  const brand = app.service;
  const request = app.user && brand ? await latestRequest(app.db, app.user.id, brand.id) : null;
  return {
    title: t("help:pages.fanclub_open_request.title"),
    lead: t("help:pages.fanclub_open_request.lead"),
    brandName: brand?.name ?? "",
    requiresRequest: brand?.requireOpenRequest ?? false,
    signedIn: app.user !== null,
    hasFanclub: app.session?.creator.own != null,
    status: request?.status ?? null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "description", content: d?.lead }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "creator");
  const submission = parseWithZod(await request.formData(), { schema: openRequestSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (!app.service?.requireOpenRequest)
    return data({ result: submission.reply({ formErrors: [t("request.notNeeded")] }), sent: false }, { status: 400 });
  if (app.session?.creator.own)
    return data({ result: submission.reply({ formErrors: [t("request.hasFanclub")] }), sent: false }, { status: 409 });
  const sent = await submitOpenRequest(app.db, { ...submission.value, userId: user.id, serviceId: app.service.id, now: Date.now() });
  if (!sent.ok)
    return data({ result: submission.reply({ formErrors: [t(`request.already.${sent.reason}`)] }), sent: false }, { status: 409 });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function OpenRequestPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const links = linkBuilder(useRootData());
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => openRequestSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  const status = actionData?.sent ? "pending" : d.status;
  return (
    <div className="page">
      <HelpArticle page="fanclub_open_request" />
      <section className="card" aria-labelledby="open-request-form">
        <h2 id="open-request-form">{t("request.title", { brand: d.brandName })}</h2>
        {!d.requiresRequest ? (
          <p>
            {t("request.notNeeded")} <a href="/me/fanclub/new">{t("open.title")}</a>
          </p>
        ) : !d.signedIn ? (
          <p>
            <a className="button" href={links.login()}>
              {t("request.signIn")}
            </a>
          </p>
        ) : d.hasFanclub ? (
          <p>{t("request.hasFanclub")}</p>
        ) : status === "pending" || status === "approved" ? (
          <p className="flash flash-info" role="status" data-request-status={status}>
            {t(`request.status.${status}`)} {status === "approved" ? <a href="/me/fanclub/new">{t("open.title")}</a> : null}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="form">
            {status === "rejected" ? <p className="flash flash-warn">{t("request.status.rejected")}</p> : null}
            <FormErrors errors={form.errors} />
            <Field label={t("request.fields.activityName")} id={fields.activityName.id} errors={fields.activityName.errors}>
              <input {...getInputProps(fields.activityName, { type: "text" })} />
            </Field>
            <Field
              label={t("request.fields.activityDescription")}
              id={fields.activityDescription.id}
              errors={fields.activityDescription.errors}
              hint={t("hints.max", { max: OPEN_REQUEST_LIMITS.activityDescription })}
            >
              <textarea {...getTextareaProps(fields.activityDescription)} rows={6} />
            </Field>
            <fieldset className="fieldset">
              <legend>{t("request.fields.urls")}</legend>
              {Array.from({ length: OPEN_REQUEST_LIMITS.urls }, (_, i) => (
                <input
                  key={i}
                  name={`urls[${i}]`}
                  type="url"
                  placeholder="https://"
                  aria-label={`${t("request.fields.urls")} ${i + 1}`}
                  className="stacked"
                />
              ))}
              {fields.urls.errors?.length ? <p className="field-errors">{fields.urls.errors[0]}</p> : null}
            </fieldset>
            <Field label={t("request.fields.plan")} id={fields.plan.id} errors={fields.plan.errors}>
              <textarea {...getTextareaProps(fields.plan)} rows={4} />
            </Field>
            <div className="form-actions">
              <button type="submit" className="button" disabled={navigation.state !== "idle"}>
                {t("request.submit")}
              </button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
