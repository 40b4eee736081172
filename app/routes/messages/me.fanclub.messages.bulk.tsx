import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { retryAfterHeaders } from "~/lib/retry-after";
import messagesStyles from "~/styles/messages.css?url";
import { MESSAGE_TEXT_MAX, normaliseMessageText, parseAudience } from "../../../server/domain/messages";
import { waitMinutes } from "../../../server/domain/throttle";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { countRecipients, createBulkMessage } from "../../../server/services/bulk-messages";
import { listPlans } from "../../../server/services/plans";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:bulk.title" }),
};
export const headers = retryAfterHeaders;
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

/**
 * /me/fanclub/messages/bulk: a message to the members of chosen plans or to all followers. The
 * first submit shows how many people it reaches; sending needs that preview confirmed. Delivery
 * runs in the queue, so the request returns at once whatever the audience.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const plans = await listPlans(app.db, op.fanclubId);
  return {
    title: translatorFor(app.locale, "messages")("bulk.title"),
    plans: plans.map((p) => ({ id: p.id, name: p.name })),
    textMax: MESSAGE_TEXT_MAX,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

type Reply = { ok: false; message: string } | { ok: true; preview: number; audience: string; planIds: string[]; body: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const t = translatorFor(app.locale, "messages");
  const form = await request.formData();
  const plans = await listPlans(app.db, op.fanclubId);
  const planIds = form.getAll("planIds").map(String);
  const audience = parseAudience(
    form.get("audience"),
    planIds,
    plans.map((p) => p.id),
  );
  if (!audience) return data<Reply>({ ok: false, message: t("bulk.errors.audience") }, { status: 400 });
  const body = normaliseMessageText(form.get("body"));
  if (!body) return data<Reply>({ ok: false, message: t("errors.empty") }, { status: 400 });
  if ([...body].length > MESSAGE_TEXT_MAX)
    return data<Reply>({ ok: false, message: t("errors.tooLong", { max: MESSAGE_TEXT_MAX }) }, { status: 400 });
  if (form.get("intent") !== "send") {
    const preview = await countRecipients(app.db, op.fanclubId, audience);
    return data<Reply>({ ok: true, preview, audience: audience.kind, planIds, body });
  }
  const created = await createBulkMessage(app.db, app.env.JOBS, {
    fanclubId: op.fanclubId,
    senderUserId: app.session!.user.id,
    audience,
    body,
    now: Date.now(),
  });
  if (!created.ok) {
    if (created.reason === "rate") {
      return data<Reply>(
        { ok: false, message: t("bulk.errors.rate", { minutes: waitMinutes(created.waitMs) }) },
        { status: 429, headers: { "Retry-After": String(Math.ceil(created.waitMs / 1000)) } },
      );
    }
    return data<Reply>({ ok: false, message: t("errors.empty") }, { status: 400 });
  }
  throw redirect("/me/fanclub/messages");
}

export default function BulkMessage() {
  const { t } = useTranslation("messages");
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const navigation = useNavigation();
  const preview = reply && reply.ok ? reply : null;
  return (
    <div className="page messages-page">
      <p>
        <Link to="/me/fanclub/messages">{t("thread.back")}</Link>
      </p>
      <h1>{t("bulk.title")}</h1>
      <p className="muted">{t("bulk.lead")}</p>
      {reply && !reply.ok ? (
        <p className="flash flash-error" role="alert" data-testid="message-reply">
          {reply.message}
        </p>
      ) : null}
      <Form method="post" className="form">
        <fieldset className="field">
          <legend>{t("bulk.audience")}</legend>
          <label>
            <input type="radio" name="audience" value="plans" defaultChecked={preview?.audience !== "followers"} /> {t("bulk.toPlans")}
          </label>
          <div className="bulk-plans">
            {d.plans.map((p) => (
              <label key={p.id}>
                <input type="checkbox" name="planIds" value={p.id} defaultChecked={preview?.planIds.includes(String(p.id))} /> {p.name}
              </label>
            ))}
          </div>
          <label>
            <input type="radio" name="audience" value="followers" defaultChecked={preview?.audience === "followers"} />{" "}
            {t("bulk.toFollowers")}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="bulk-body">{t("form.body")}</label>
          <textarea id="bulk-body" name="body" rows={5} maxLength={d.textMax} defaultValue={preview?.body ?? ""} />
          <span className="muted small">{t("form.bodyHint", { max: d.textMax })}</span>
        </div>
        {preview ? (
          <p className="flash" role="status" data-testid="bulk-preview">
            {t("bulk.preview", { people: preview.preview })}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" name="intent" value="preview" className="button button-secondary" disabled={navigation.state !== "idle"}>
            {t("bulk.previewButton")}
          </button>
          {preview ? (
            <button type="submit" name="intent" value="send" className="button" disabled={navigation.state !== "idle"}>
              {t("bulk.send", { people: preview.preview })}
            </button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
