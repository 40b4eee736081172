import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { CategorySelect } from "~/components/fanclub/category-select";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { openFanclubSchema } from "../../../server/domain/fanclub-profile";
import { openFanclubLink } from "../../../server/domain/fanclub-rules";
import { setFlash } from "../../../server/http/flash";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { openFanclub } from "../../../server/services/fanclubs";
import type { AppContext } from "../../../server/context";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:open.title" }) };
export const clientLoader = withNamespaces(["creator"]);

/** What this person may do here: open, or first send an open request (spec §2). */
function openState(app: AppContext) {
  const user = requireUser(app);
  const creator = app.session!.creator;
  if (creator.own) throw redirect("/me/fanclub/edit");
  const brand = app.service;
  const link = openFanclubLink({
    signedIn: true,
    hasOwnFanclub: false,
    brand,
    onBrandHost: true,
    approvedServiceIds: creator.approvedOpenServiceIds,
  });
  return { user, brand, link };
}

/** /me/fanclub/new: open a fan club on this brand. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const { brand, link } = openState(app);
  return {
    title: translatorFor(app.locale, "creator")("open.title"),
    brandName: brand?.name ?? "",
    requestRequired: link.kind === "request",
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const { user, brand, link } = openState(app);
  const submission = parseWithZod(await request.formData(), { schema: openFanclubSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (!brand || link.kind !== "open") {
    return data(
      { result: submission.reply({ formErrors: [translatorFor(app.locale, "creator")("open.requestRequired")] }) },
      { status: 403 },
    );
  }
  const opened = await openFanclub(app.db, {
    userId: user.id,
    service: brand,
    approvedServiceIds: app.session!.creator.approvedOpenServiceIds,
    ...submission.value,
    now: Date.now(),
  });
  if (!opened.ok) {
    if (opened.reason === "exists") throw redirect("/me/fanclub/edit");
    if (opened.reason === "closedExists") {
      return data(
        { result: submission.reply({ formErrors: [translatorFor(app.locale, "creator")("open.closedExists")] }) },
        { status: 409 },
      );
    }
    return data(
      { result: submission.reply({ formErrors: [translatorFor(app.locale, "creator")("open.requestRequired")] }) },
      { status: 403 },
    );
  }
  setFlash(app, [{ type: "info", key: "flash.fanclubOpened" }]);
  throw redirect("/me/fanclub/edit");
}

export default function OpenFanclub() {
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const { brandName, requestRequired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => openFanclubSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  if (requestRequired) {
    return (
      <div className="page narrow">
        <h1>{t("open.title")}</h1>
        <div className="card">
          <p>{t("open.requestLead", { brand: brandName })}</p>
          <a className="button" href="/help/fanclub_open_request">
            {t("open.requestButton")}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="page narrow">
      <h1>{t("open.title")}</h1>
      <p>{t("open.lead", { brand: brandName })}</p>
      <Form method="post" {...getFormProps(form)} className="form card">
        <FormErrors errors={form.errors} />
        <Field label={t("fields.name")} id={fields.name.id} errors={fields.name.errors} hint={t("hints.name")}>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="off" />
        </Field>
        <Field label={t("fields.creatorName")} id={fields.creatorName.id} errors={fields.creatorName.errors}>
          <input {...getInputProps(fields.creatorName, { type: "text" })} autoComplete="nickname" />
        </Field>
        <Field label={t("fields.category")} id={fields.category.id} errors={fields.category.errors}>
          <CategorySelect {...getSelectProps(fields.category)} placeholder={t("fields.chooseCategory")} />
        </Field>
        <div className="field">
          <label className="checkbox">
            <input {...getInputProps(fields.agree, { type: "checkbox" })} />
            <span>{t("open.agree")}</span>
          </label>{" "}
          <a href="/help/guideline" target="_blank" rel="noreferrer">
            {t("open.guideline")}
          </a>
          {fields.agree.errors?.length ? <p className="field-errors">{fields.agree.errors[0]}</p> : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("open.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
