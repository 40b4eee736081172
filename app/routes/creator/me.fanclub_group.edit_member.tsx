import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useDialog } from "~/components/feedback/dialog";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { inviteSchema } from "../../../server/domain/fanclub-groups";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { inviteFanclub, myGroupOverview, removeMember, type MyGroupMember } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [{ label: "groups:title", to: "/me/fanclub_group" }, { label: "groups:members.title" }],
};
export const clientLoader = withNamespaces(["groups"]);

const PATH = "/me/fanclub_group/edit_member";
const INVITE_FORM_ID = "group-invite";

/** /me/fanclub_group/edit_member: invite fan clubs by id or unique path, take members out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const overview = await myGroupOverview(app.db, op.fanclubId);
  if (!overview.group) throw redirect("/me/fanclub_group");
  return { title: translatorFor(app.locale, "groups")("members.title"), group: overview.group, members: overview.members };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const intentSchema = z.enum(["invite", "remove"]);
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const t = translatorFor(app.locale, "groups");
  const formData = await request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data({ intent: null, result: null, error: t("validation.choice") }, { status: 400 });
  const now = Date.now();

  if (intent.data === "invite") {
    const submission = parseWithZod(formData, { schema: inviteSchema(t) });
    if (submission.status !== "success")
      return data({ intent: "invite" as const, result: submission.reply(), error: null }, { status: 400 });
    // the notice links to the invitation on this brand: the invited fan club lives on it too
    const origin = app.service?.frontUrl ?? new URL(request.url).origin;
    const invited = await inviteFanclub(app.db, {
      ownerFanclubId: op.fanclubId,
      target: submission.value.target,
      now,
      invitationUrl: (groupId) => `${origin}/me/fanclub_group/invitations/${groupId}`,
    });
    if (!invited.ok) {
      const message = t(`errors.${invited.reason}`);
      const status = invited.reason === "notFound" || invited.reason === "noGroup" || invited.reason === "groupClosed" ? 404 : 409;
      return data({ intent: "invite" as const, result: submission.reply({ formErrors: [message] }), error: null }, { status });
    }
    setFlash(app, [{ type: "info", key: "groups:flash.invited" }]);
    throw redirect(PATH);
  }

  const fanclubId = idSchema.safeParse(formData.get("fanclubId"));
  if (!fanclubId.success) return data({ intent: "remove" as const, result: null, error: t("errors.notMember") }, { status: 400 });
  const removed = await removeMember(app.db, { ownerFanclubId: op.fanclubId, fanclubId: fanclubId.data, now });
  if (!removed.ok) {
    const status = removed.reason === "owner" ? 409 : 404;
    return data({ intent: "remove" as const, result: null, error: t(`errors.${removed.reason}`) }, { status });
  }
  setFlash(app, [{ type: "info", key: removed.withdrawn ? "groups:flash.withdrawn" : "groups:flash.removed" }]);
  throw redirect(PATH);
}

export default function EditMembers() {
  const { t } = useTranslation("groups");
  const { group, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => inviteSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.intent === "invite" ? actionData.result : undefined, { id: INVITE_FORM_ID });
  const busy = navigation.state !== "idle";
  return (
    <div className="page">
      <h1>{t("members.title")}</h1>
      <p className="muted">{group.name}</p>
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title">{t("members.inviteTitle")}</h2>
        <Form method="post" {...getFormProps(form)} className="form">
          <input type="hidden" name="intent" value="invite" />
          <FormErrors errors={form.errors} />
          <Field label={t("fields.target")} errors={fields.target.errors} id={fields.target.id} hint={t("hints.target")}>
            <input {...getInputProps(fields.target, { type: "text" })} autoComplete="off" />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {t("members.inviteSubmit")}
            </button>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="members-title">
        <h2 id="members-title">{t("members.listTitle")}</h2>
        {actionData?.error ? (
          <p className="flash flash-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <table className="data-table">
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>
                  <a href={fanclubHref(m)}>{m.name}</a> <span className="muted small">{m.creatorName}</span>
                </td>
                <td>{t(`status.${m.isOwner ? "owner" : m.status}`)}</td>
                <td>{m.isOwner ? null : <MemberAction member={m} busy={busy} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p>
        <Link to="/me/fanclub_group">{t("actions.back")}</Link>
      </p>
    </div>
  );
}

/** Remove a member, withdraw a pending invitation, or ask a fan club that said no once more. */
function MemberAction({ member: m, busy }: { member: MyGroupMember; busy: boolean }) {
  const { t } = useTranslation("groups");
  const dialog = useDialog();
  const submit = useSubmit();
  if (m.status === "declined") {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="target" value={String(m.id)} />
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          {t("members.reinvite")}
        </button>
      </Form>
    );
  }
  const invited = m.status === "invited";
  return (
    <Form
      method="post"
      onSubmit={async (event) => {
        // ask first; without JavaScript the form posts directly
        event.preventDefault();
        const form = event.currentTarget;
        const message = invited ? t("members.confirmWithdraw", { name: m.name }) : t("members.confirmRemove", { name: m.name });
        if (await dialog.confirm({ message, okText: invited ? t("members.withdraw") : t("members.remove") })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="fanclubId" value={m.id} />
      <button type="submit" className="button button-secondary button-small" disabled={busy}>
        {invited ? t("members.withdraw") : t("members.remove")}
      </button>
    </Form>
  );
}
