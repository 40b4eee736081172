import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { LINK_KINDS, LINK_LIMITS, linkApplicationSchema, linkLimitMessage, type LinkKind } from "../../../server/domain/link-applications";
import { translatorFor } from "../../../server/i18n";
import { addLinkApplication, deleteLinkApplication, listLinkApplications } from "../../../server/services/link-applications";

export const handle = {
  i18n: ["common", "preferences"],
  breadcrumb: () => ({ label: "preferences:links.title" }),
};
export const clientLoader = withNamespaces(["preferences"]);

export async function loader({ context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  return {
    title: translatorFor(context.app.locale, "preferences")("links.title"),
    links: await listLinkApplications(context.app.db, user.id),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const intentSchema = z.object({ intent: z.enum(["add", "delete"]) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "preferences");
  const formData = await request.formData();
  const intent = intentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) return data({ intent: null, result: null, done: false, failed: true }, { status: 400 });

  switch (intent.data.intent) {
    case "add": {
      const submission = parseWithZod(formData, { schema: linkApplicationSchema(t) });
      if (submission.status !== "success")
        return data({ intent: "add", result: submission.reply(), done: false, failed: false }, { status: 400 });
      const { kind, url } = submission.value;
      let added: Awaited<ReturnType<typeof addLinkApplication>>;
      try {
        added = await addLinkApplication(app.db, { userId: user.id, kind, url, now: Date.now() });
      } catch (error) {
        // nothing the person can fix: the toast says it failed (spec §8), the log keeps the cause
        console.error("[preferences] adding a linked account failed", error);
        return data({ intent: "add", result: submission.reply(), done: false, failed: true }, { status: 500 });
      }
      if (!added.ok) {
        // the input was fine but the list is full for it: say so next to the field it concerns
        const { field, message } = linkLimitMessage(t, added.problem, kind);
        const result = field ? submission.reply({ fieldErrors: { [field]: [message] } }) : submission.reply({ formErrors: [message] });
        return data({ intent: "add", result, done: false, failed: false }, { status: 409 });
      }
      return { intent: "add", result: submission.reply({ resetForm: true }), done: true, failed: false };
    }
    case "delete": {
      const id = Number(formData.get("id"));
      // scoped by user id: someone else's link, or one already gone, is simply not found
      const deleted = Number.isSafeInteger(id) && id > 0 ? await deleteLinkApplication(app.db, user.id, id) : false;
      if (!deleted) return data({ intent: "delete", result: null, done: false, failed: true }, { status: 404 });
      return { intent: "delete", result: null, done: true, failed: false };
    }
  }
}

export default function LinkApplications() {
  const { t } = useTranslation("preferences");
  const { links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.done) toast.show(t("links.updated"), "success");
    else if (actionData?.failed) toast.show(t("links.failed"), "error");
  }, [actionData, toast, t]);

  return (
    <div className="page settings">
      <h1>{t("links.title")}</h1>
      <section className="card" aria-labelledby="links-list-title">
        <h2 id="links-list-title">{t("links.listTitle")}</h2>
        <p className="muted">{t("links.lead")}</p>
        <p className="muted small">{t("links.count", { count: links.length, max: LINK_LIMITS.total })}</p>
        {links.length === 0 ? (
          <p className="empty-state">{t("links.empty")}</p>
        ) : (
          // same row layout as the passkey list on the account page
          <ul className="passkey-list">
            {links.map((link) => (
              <li key={link.id}>
                <span>
                  <strong>{t(`links.kinds.${link.kind}`)}</strong>{" "}
                  <a href={link.url} rel="noopener noreferrer nofollow" target="_blank">
                    {link.url}
                  </a>
                </span>
                <DeleteLink id={link.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddLink />
    </div>
  );
}

/** A real form, so it works before the page is interactive; with script it asks first. */
function DeleteLink({ id }: { id: number }) {
  const { t } = useTranslation("preferences");
  const dialog = useDialog();
  const submit = useSubmit();
  const navigation = useNavigation();
  return (
    <Form
      method="post"
      onSubmit={async (event) => {
        event.preventDefault();
        // read before the await: React clears currentTarget once the handler yields
        const form = event.currentTarget;
        if (await dialog.confirm({ message: t("links.deleteConfirm") })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button-secondary button-small" disabled={navigation.state !== "idle"}>
        {t("links.delete")}
      </button>
    </Form>
  );
}

function AddLink() {
  const { t } = useTranslation("preferences");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => linkApplicationSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.intent === "add" ? actionData.result : undefined, { id: "link-form" });
  const kind = LINK_KINDS.find((k): k is LinkKind => k === fields.kind.value);
  return (
    <section className="card" aria-labelledby="links-add-title">
      <h2 id="links-add-title">{t("links.addTitle")}</h2>
      <p className="muted">{t("links.limits", { total: LINK_LIMITS.total, other: LINK_LIMITS.perKind.other })}</p>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="add" />
        <Field label={t("links.fields.kind")} errors={fields.kind.errors} id={fields.kind.id}>
          <select {...getSelectProps(fields.kind)}>
            <option value="">{t("links.choose")}</option>
            {LINK_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`links.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("links.fields.url")} errors={fields.url.errors} id={fields.url.id} hint={t(`links.hints.${kind ?? "other"}`)}>
          <input {...getInputProps(fields.url, { type: "url" })} inputMode="url" autoComplete="url" placeholder="https://" />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("links.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}
