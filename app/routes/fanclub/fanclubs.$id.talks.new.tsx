import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { TALK_LIMITS } from "../../../server/domain/talks";
import { idParam } from "../../../server/http/params";
import { boardAbilities, newTopicAction } from "../../../server/http/talk-pages";
import { translatorFor } from "../../../server/i18n";
import { postViewerFrom } from "../../../server/services/post-access";
import { loadTalkGate, planChoicesOf } from "../../../server/services/talks";
import talkStyles from "~/styles/talks.css?url";

export const handle = {
  i18n: ["common", "fanclub", "talks"],
  breadcrumb: () => [{ label: "fanclub:tabs.talks" }, { label: "talks:new.title" }],
};
export const links: LinksFunction = () => [{ rel: "stylesheet", href: talkStyles }];
export const clientLoader = withNamespaces(["fanclub", "talks"]);

/**
 * /fanclubs/{id}/talks/new: start a topic. Visitors go to sign in; people the fan club's setting
 * leaves out get a 403 with the reason. Moderators may lock the topic to a plan.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const gate = await loadTalkGate(app.db, fanclubId, postViewerFrom(app.session), Date.now());
  if (!gate) throw new Response(null, { status: 404 });
  const abilities = boardAbilities(gate);
  if (!abilities.signedIn) {
    throw redirect(`${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(new URL(request.url).href)}`);
  }
  if (!abilities.canStart) throw new Response(translatorFor(app.locale, "talks")(`refusals.${abilities.startRefusal}`), { status: 403 });
  return {
    fanclubId,
    title: translatorFor(app.locale, "talks")("new.title"),
    plans: abilities.moderates ? await planChoicesOf(app.db, fanclubId) : null,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return newTopicAction(context.app, request, idParam(params.id));
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function NewTopic() {
  const { t } = useTranslation("talks");
  const { fanclubId, plans } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="card talk-form">
      <h2>{t("new.title")}</h2>
      {reply?.message ? (
        <p className="flash flash-error" role="alert">
          {reply.message}
        </p>
      ) : null}
      <Form method="post" className="form">
        <label className="field">
          <span>{t("fields.title")}</span>
          <input name="title" required maxLength={TALK_LIMITS.title} aria-invalid={reply?.field === "title" || undefined} />
        </label>
        <label className="field">
          <span>{t("fields.body")}</span>
          <textarea name="body" required rows={8} maxLength={TALK_LIMITS.body} aria-invalid={reply?.field === "body" || undefined} />
        </label>
        {plans ? (
          <label className="field">
            <span>{t("fields.planId")}</span>
            <select name="planId" defaultValue="">
              <option value="">{t("new.everyone")}</option>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {t("new.planAndAbove", { plan: p.name, price: formatYen(p.price) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div className="form-actions">
          <Link to={`/fanclubs/${fanclubId}/talks`}>{t("new.cancel")}</Link>
          <button type="submit" className="button" disabled={busy}>
            {t("new.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
