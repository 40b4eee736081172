import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { PermissionChecks } from "~/components/fans/permissions";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import fansStyles from "~/styles/fans.css?url";
import { editorInvitationSchema, editorPermissionsSchema, idField, type InvitationProblem } from "../../../server/domain/fans";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { inviteEditor, listEditors, removeEditor, updatePermissions } from "../../../server/services/editors";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fans"],
  breadcrumb: () => ({ label: "fans:editors.title" }),
};
export const clientLoader = withNamespaces(["fans"]);
// this feature's few styles load with its pages only
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fansStyles }];

/**
 * /me/fanclub/editors: the owner invites editors by their profile, chooses what each may do
 * (spec §3 editor permissions, §6), narrows or widens it later, and removes editors. Owners only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageEditors");
  const editors = await listEditors(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "fans")("editors.title"),
    editors: editors.map((e) => ({ ...e, invitedAt: e.invitedAt.toISOString(), acceptedAt: e.acceptedAt?.toISOString() ?? null })),
    profileOrigin: app.origins.user,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

const intentSchema = z.enum(["invite", "update", "remove"]);
const INVITE_FORM_ID = "editor-invite";
const editorFormId = (userId: number) => `editor-${userId}`;

/** One shape for every answer, so the page reads it without narrowing per intent. */
interface Reply {
  /** the conform form the result belongs to */
  formId: string | null;
  result: SubmissionResult<string[]> | null;
  ok: boolean;
  message: string | null;
}
const reply = (r: Partial<Reply>): Reply => ({ formId: null, result: null, ok: false, message: null, ...r });

const INVITE_STATUS: Record<InvitationProblem, number> = { unknownUser: 404, self: 400, alreadyEditor: 409, alreadyInvited: 409 };

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageEditors");
  const t = translatorFor(app.locale, "fans");
  const formData = await request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data(reply({ message: t("api.invalid") }), { status: 400 });

  switch (intent.data) {
    case "invite": {
      const submission = parseWithZod(formData, { schema: editorInvitationSchema(t) });
      if (submission.status !== "success") return data(reply({ formId: INVITE_FORM_ID, result: submission.reply() }), { status: 400 });
      const invited = await inviteEditor(app.db, {
        fanclubId: op.fanclubId,
        ownerId: op.role.ownerId,
        userToken: submission.value.user,
        permissions: submission.value.permissions,
        now: Date.now(),
        notice: { fanclubName: op.name, url: `${app.services.find((s) => s.id === op.serviceId)?.frontUrl ?? ""}/me/editor_invitations` },
      });
      if (!invited.ok) {
        const messages: Record<InvitationProblem, string> = {
          unknownUser: t("editors.errors.unknownUser"),
          self: t("editors.errors.self"),
          alreadyEditor: t("editors.errors.alreadyEditor"),
          alreadyInvited: t("editors.errors.alreadyInvited"),
        };
        return data(reply({ formId: INVITE_FORM_ID, result: submission.reply({ fieldErrors: { user: [messages[invited.reason]] } }) }), {
          status: INVITE_STATUS[invited.reason],
        });
      }
      // the invitee gets a notification and finds the offer on /me/editor_invitations
      return reply({
        formId: INVITE_FORM_ID,
        result: submission.reply({ resetForm: true }),
        ok: true,
        message: t("editors.done.invited", { name: invited.name }),
      });
    }
    case "update": {
      const submission = parseWithZod(formData, { schema: editorPermissionsSchema(t) });
      const userId = idField.safeParse(formData.get("userId"));
      const formId = userId.success ? editorFormId(userId.data) : null;
      if (submission.status !== "success")
        return data(reply({ formId, result: submission.reply(), message: t("api.invalid") }), { status: 400 });
      const updated = await updatePermissions(app.db, { fanclubId: op.fanclubId, ...submission.value });
      if (!updated.ok) return data(reply({ formId, message: t("editors.errors.notFound") }), { status: 404 });
      return reply({ formId, ok: true, message: t("editors.done.updated", { name: updated.name }) });
    }
    case "remove": {
      const userId = idField.safeParse(formData.get("userId"));
      const removed = userId.success
        ? await removeEditor(app.db, { fanclubId: op.fanclubId, userId: userId.data })
        : { ok: false as const };
      if (!removed.ok) return data(reply({ message: t("editors.errors.notFound") }), { status: 404 });
      return reply({ ok: true, message: t("editors.done.removed", { name: removed.name }) });
    }
  }
}

type Editor = ReturnType<typeof useLoaderData<typeof loader>>["editors"][number];

export default function Editors() {
  const { t } = useTranslation("fans");
  const { editors } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page editors-page">
      <h1>{t("editors.title")}</h1>
      <p className="muted">{t("editors.lead")}</p>
      {result?.message ? (
        <p className={result.ok ? "flash" : "flash flash-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      <section aria-labelledby="editors-list-title">
        <h2 id="editors-list-title">{t("editors.listTitle")}</h2>
        {editors.length === 0 ? (
          <p className="empty-state">{t("editors.empty")}</p>
        ) : (
          <ul className="editor-list">
            {editors.map((e) => (
              // remounts when the stored permissions change, so the boxes show what was saved
              <EditorCard key={`${e.userId}:${e.permissions.join(",")}`} editor={e} />
            ))}
          </ul>
        )}
      </section>
      <InviteForm />
    </div>
  );
}

function EditorCard({ editor: e }: { editor: Editor }) {
  const { t, locale } = useTranslation("fans");
  const { profileOrigin } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => editorPermissionsSchema(t), [t]);
  const formId = editorFormId(e.userId);
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.formId === formId ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    defaultValue: { userId: String(e.userId), permissions: e.permissions },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const nameId = `editor-${e.userId}-name`;
  const pending = e.acceptedAt === null;
  return (
    <li className="card editor-card">
      <div className="editor-head">
        <a className="fans-person" href={`${profileOrigin}/profile/${encodeURIComponent(e.identifyToken)}`} id={nameId}>
          <span className="avatar" aria-hidden="true">
            {e.iconImageUrl ? <img src={e.iconImageUrl} alt="" width="32" height="32" /> : e.name.slice(0, 1)}
          </span>
          <strong>{e.name}</strong>
        </a>
        <span className={pending ? "badge editor-pending" : "badge"}>
          {pending ? t("editors.status.pending") : t("editors.status.accepted")}
        </span>
        <span className="muted small">
          {e.acceptedAt
            ? t("editors.acceptedAt", { date: formatLocalDate(locale, e.acceptedAt) })
            : t("editors.invitedAt", { date: formatLocalDate(locale, e.invitedAt) })}
        </span>
      </div>
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="update" />
        <input {...getInputProps(fields.userId, { type: "hidden" })} />
        <FormErrors errors={form.errors} />
        <PermissionChecks field={fields.permissions} legend={t("editors.permissionsLegend", { name: e.name })} />
        <div className="form-actions">
          <button type="submit" className="button button-small" disabled={navigation.state !== "idle"} aria-describedby={nameId}>
            {t("editors.save")}
          </button>
        </div>
      </Form>
      <RemoveButton editor={e} describedBy={nameId} />
    </li>
  );
}

/** A real form, so it works before the page is interactive; with script it asks first. */
function RemoveButton({ editor: e, describedBy }: { editor: Editor; describedBy: string }) {
  const { t } = useTranslation("fans");
  const dialog = useDialog();
  const submit = useSubmit();
  const navigation = useNavigation();
  const pending = e.acceptedAt === null;
  const label = pending ? t("editors.withdraw") : t("editors.remove");
  return (
    <Form
      method="post"
      className="form-actions"
      onSubmit={async (event) => {
        event.preventDefault();
        // read before the await: React clears currentTarget once the handler yields
        const form = event.currentTarget;
        const message = pending ? t("editors.confirmWithdraw", { name: e.name }) : t("editors.confirmRemove", { name: e.name });
        if (await dialog.confirm({ message, okText: label })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={e.userId} />
      <button
        type="submit"
        className="button button-secondary button-small"
        disabled={navigation.state !== "idle"}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    </Form>
  );
}

function InviteForm() {
  const { t } = useTranslation("fans");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => editorInvitationSchema(t), [t]);
  const [form, fields] = useZodForm(schema, actionData?.formId === INVITE_FORM_ID ? actionData.result : undefined, { id: INVITE_FORM_ID });
  return (
    <section className="card" aria-labelledby="editor-invite-title">
      <h2 id="editor-invite-title">{t("editors.inviteTitle")}</h2>
      <p className="muted">{t("editors.inviteLead")}</p>
      <Form method="post" {...getFormProps(form)} className="form">
        <input type="hidden" name="intent" value="invite" />
        <FormErrors errors={form.errors} />
        <Field label={t("editors.fields.user")} errors={fields.user.errors} id={fields.user.id} hint={t("editors.userHint")}>
          <input {...getInputProps(fields.user, { type: "text" })} autoComplete="off" spellCheck={false} />
        </Field>
        <PermissionChecks field={fields.permissions} legend={t("editors.fields.permissions")} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("editors.invite")}
          </button>
        </div>
      </Form>
    </section>
  );
}
