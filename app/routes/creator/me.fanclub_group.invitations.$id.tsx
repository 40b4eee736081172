import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { z } from "zod";
import { fanclubHref } from "~/components/fanclub/fanclub-card";
import { useDialog } from "~/components/feedback/dialog";
import { FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { respondSchema } from "../../../server/domain/fanclub-groups";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { getInvitation, respondToInvitation } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [
    { label: "groups:title", to: "/me/fanclub_group" },
    { label: "groups:invitations.title", to: "/me/fanclub_group/invitations" },
    { label: "groups:invitation.title" },
  ],
};
export const clientLoader = withNamespaces(["groups"]);

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The group id from the path; anything else is a page that does not exist. */
function groupIdFrom(raw: string | undefined): number {
  const id = idSchema.safeParse(raw);
  if (!id.success) throw new Response(null, { status: 404 });
  return id.data;
}

/**
 * /me/fanclub_group/invitations/{id} (id = the inviting group): one invitation to my fan club.
 * Only the invited fan club's owner reaches it (`manageGroups` is owner-only); another fan club's
 * invitation is not found.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const invitation = await getInvitation(app.db, op.fanclubId, groupIdFrom(params.id));
  if (!invitation) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "groups")("invitation.title"),
    invitation: {
      groupId: invitation.groupId,
      name: invitation.name,
      description: invitation.description,
      status: invitation.status,
      from: invitation.from,
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const t = translatorFor(app.locale, "groups");
  const groupId = groupIdFrom(params.id);
  const parsed = respondSchema(t).safeParse({ decision: (await request.formData()).get("decision") });
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? t("validation.choice") }, { status: 400 });
  const answered = await respondToInvitation(app.db, { fanclubId: op.fanclubId, groupId, decision: parsed.data.decision, now: Date.now() });
  if (!answered.ok) {
    if (answered.reason === "notFound") throw new Response(null, { status: 404 });
    return data({ error: t("errors.alreadyAnswered") }, { status: 409 });
  }
  if (answered.status === "member") {
    setFlash(app, [{ type: "info", key: "groups:flash.accepted" }]);
    throw redirect(`/groups/${groupId}`);
  }
  setFlash(app, [{ type: "info", key: "groups:flash.declined" }]);
  throw redirect("/me/fanclub_group/invitations");
}

export default function Invitation() {
  const { t } = useTranslation("groups");
  const { invitation: i } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const dialog = useDialog();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  return (
    <div className="page">
      <section className="card" aria-labelledby="invitation-title">
        <h1 id="invitation-title">{t("invitation.title")}</h1>
        <p>{t("invitation.lead", { name: i.from.name, group: i.name })}</p>
        <p>
          <a href={fanclubHref(i.from)}>{i.from.name}</a> <span className="muted small">{i.from.creatorName}</span>
        </p>
        <h2>{i.name}</h2>
        {i.description ? <p>{i.description}</p> : null}
        <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
        {i.status === "invited" ? (
          <div className="form-actions">
            <Form method="post">
              <input type="hidden" name="decision" value="accept" />
              <button type="submit" className="button" disabled={busy}>
                {t("invitation.accept")}
              </button>
            </Form>
            <Form
              method="post"
              onSubmit={async (event) => {
                // ask first; without JavaScript the form posts directly
                event.preventDefault();
                const form = event.currentTarget;
                if (await dialog.confirm({ message: t("invitation.confirmDecline"), okText: t("invitation.decline") })) submit(form);
              }}
            >
              <input type="hidden" name="decision" value="decline" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {t("invitation.decline")}
              </button>
            </Form>
          </div>
        ) : i.status === "member" ? (
          <p className="flash flash-muted">
            {t("invitation.isMember")} <Link to={`/groups/${i.groupId}`}>{i.name}</Link>
          </p>
        ) : (
          <p className="flash flash-muted">{t("invitation.isDeclined")}</p>
        )}
      </section>
      <p>
        <Link to="/me/fanclub_group/invitations">{t("invitation.back")}</Link>
      </p>
    </div>
  );
}
