import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import type { TFunction } from "../../../server/i18n/setup";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { closeGroup, ownedGroup } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [{ label: "groups:title", to: "/me/fanclub_group" }, { label: "groups:close.title" }],
};
export const clientLoader = withNamespaces(["groups"]);

/** Closing cannot be undone, so the form asks for an explicit tick (and, with JavaScript, once more). */
const closeSchema = (t: TFunction) =>
  z.object({ understood: z.literal("on", { errorMap: () => ({ message: t("groups:errors.mustConfirm") }) }) });

/** /me/fanclub_group/close: close my group after confirming. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const group = await ownedGroup(app.db, op.fanclubId);
  if (!group) throw redirect("/me/fanclub_group");
  return { title: translatorFor(app.locale, "groups")("close.title"), group: { id: group.id, name: group.name } };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const t = translatorFor(app.locale, "groups");
  const submission = parseWithZod(await request.formData(), { schema: closeSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const closed = await closeGroup(app.db, { ownerFanclubId: op.fanclubId, now: Date.now() });
  if (!closed.ok) return data({ result: submission.reply({ formErrors: [t("errors.noGroup")] }) }, { status: 404 });
  setFlash(app, [{ type: "info", key: "groups:flash.closed" }]);
  throw redirect("/me/fanclub_group");
}

export default function CloseGroup() {
  const { t } = useTranslation("groups");
  const { group } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const dialog = useDialog();
  const submit = useSubmit();
  const schema = useMemo(() => closeSchema(t), [t]);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    onSubmit: async (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      if (await dialog.confirm({ message: t("close.confirm"), okText: t("close.submit") })) submit(formData, { method: "post" });
    },
  });
  return (
    <div className="page">
      <section className="card" aria-labelledby="close-title">
        <h1 id="close-title">{t("close.title")}</h1>
        <p>{t("close.lead", { name: group.name })}</p>
        <ul className="bullets">
          <li>{t("close.pointPage")}</li>
          <li>{t("close.pointMembers")}</li>
          <li>{t("close.pointUndo")}</li>
        </ul>
        <FormErrors errors={form.errors} />
        <Form method="post" {...getFormProps(form)} className="form">
          <div className="field field-check">
            <label>
              <input {...getInputProps(fields.understood, { type: "checkbox" })} /> {t("fields.understood")}
            </label>
            {fields.understood.errors?.length ? <p className="field-errors">{fields.understood.errors[0]}</p> : null}
          </div>
          <div className="form-actions">
            <Link className="button button-secondary" to="/me/fanclub_group">
              {t("actions.cancel")}
            </Link>
            <button type="submit" className="button button-danger" disabled={navigation.state !== "idle"}>
              {t("close.submit")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
