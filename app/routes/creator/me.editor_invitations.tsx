import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { PermissionList } from "~/components/fans/permissions";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import fansStyles from "~/styles/fans.css?url";
import { idField } from "../../../server/domain/fans";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listEditorInvitationsFor, respondToEditorInvitation } from "../../../server/services/editors";
import { formatLocalDate } from "../../../server/domain/jst-time";

export const handle = {
  i18n: ["common", "fans"],
  breadcrumb: () => ({ label: "fans:invitations.title" }),
};
export const clientLoader = withNamespaces(["fans"]);
// this feature's few styles load with its pages only
export const links: LinksFunction = () => [{ rel: "stylesheet", href: fansStyles }];

/**
 * /me/editor_invitations: the invitations to edit a fan club that wait for this person's answer,
 * each with the fan club and the permissions offered (spec §3). Accepting makes them an editor;
 * declining removes the invitation.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const invitations = await listEditorInvitationsFor(app.db, user.id);
  return {
    title: translatorFor(app.locale, "fans")("invitations.title"),
    invitations: invitations.map((i) => ({ ...i, invitedAt: i.invitedAt.toISOString() })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

/** The accept and decline buttons carry only the fan club's id. */
const answerSchema = z.object({ intent: z.enum(["accept", "decline"]), fanclubId: idField });

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "fans");
  const form = await request.formData();
  const parsed = answerSchema.safeParse({ intent: form.get("intent"), fanclubId: form.get("fanclubId") });
  if (!parsed.success) return data({ ok: false, message: t("invitations.errors.notFound") }, { status: 400 });
  const accept = parsed.data.intent === "accept";
  const answered = await respondToEditorInvitation(app.db, { userId: user.id, fanclubId: parsed.data.fanclubId, accept, now: Date.now() });
  if (!answered.ok) return data({ ok: false, message: t("invitations.errors.notFound") }, { status: 404 });
  const fanclub = answered.fanclubName;
  return { ok: true, message: accept ? t("invitations.done.accepted", { fanclub }) : t("invitations.done.declined", { fanclub }) };
}

export default function EditorInvitations() {
  const { t, locale } = useTranslation("fans");
  const { invitations } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="page editor-invitations-page">
      <h1>{t("invitations.title")}</h1>
      {result ? (
        <p className={result.ok ? "flash" : "flash flash-error"} role={result.ok ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
      {invitations.length === 0 ? (
        <p className="empty-state">{t("invitations.empty")}</p>
      ) : (
        <>
          <p className="muted">{t("invitations.lead")}</p>
          <ul className="editor-list">
            {invitations.map((i) => {
              const headingId = `invitation-${i.fanclubId}`;
              return (
                <li key={i.fanclubId} className="card editor-card">
                  <h2 id={headingId}>{i.fanclubName}</h2>
                  <p className="muted small">
                    {t("invitations.from", { creator: i.creatorName })} ·{" "}
                    {t("invitations.invitedAt", { date: formatLocalDate(locale, i.invitedAt) })}
                  </p>
                  <h3>{t("invitations.offered")}</h3>
                  <PermissionList permissions={i.permissions} empty={t("invitations.noPermissions")} />
                  <div className="form-actions">
                    <AnswerButton fanclubId={i.fanclubId} fanclubName={i.fanclubName} accept describedBy={headingId} />
                    <AnswerButton fanclubId={i.fanclubId} fanclubName={i.fanclubName} accept={false} describedBy={headingId} />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

/** A real form, so it works before the page is interactive; declining asks first when it can. */
function AnswerButton(props: { fanclubId: number; fanclubName: string; accept: boolean; describedBy: string }) {
  const { t } = useTranslation("fans");
  const dialog = useDialog();
  const submit = useSubmit();
  const navigation = useNavigation();
  const label = props.accept ? t("invitations.accept") : t("invitations.decline");
  return (
    <Form
      method="post"
      onSubmit={async (event) => {
        if (props.accept) return;
        event.preventDefault();
        // read before the await: React clears currentTarget once the handler yields
        const form = event.currentTarget;
        if (await dialog.confirm({ message: t("invitations.confirmDecline", { fanclub: props.fanclubName }), okText: label })) submit(form);
      }}
    >
      <input type="hidden" name="intent" value={props.accept ? "accept" : "decline"} />
      <input type="hidden" name="fanclubId" value={props.fanclubId} />
      <button
        type="submit"
        className={props.accept ? "button" : "button button-secondary"}
        disabled={navigation.state !== "idle"}
        aria-describedby={props.describedBy}
      >
        {label}
      </button>
    </Form>
  );
}
