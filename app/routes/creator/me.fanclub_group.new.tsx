import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GroupForm } from "~/components/groups/group-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { groupSchema } from "../../../server/domain/fanclub-groups";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createGroup, ownedGroup } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [{ label: "groups:title", to: "/me/fanclub_group" }, { label: "groups:new.title" }],
};
export const clientLoader = withNamespaces(["groups"]);

/** /me/fanclub_group/new: my fan club opens a group (one open group per fan club). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  // a fan club with an open group gets a notice rather than a redirect, so a refused post still shows its message
  const existing = await ownedGroup(app.db, op.fanclubId);
  return { title: translatorFor(app.locale, "groups")("new.title"), hasGroup: existing !== null };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const t = translatorFor(app.locale, "groups");
  const submission = parseWithZod(await request.formData(), { schema: groupSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await createGroup(app.db, { fanclubId: op.fanclubId, now: Date.now(), ...submission.value });
  if (!created.ok) {
    const message = created.reason === "alreadyOwns" ? t("errors.alreadyOwns") : t("errors.notFound");
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: created.reason === "alreadyOwns" ? 409 : 404 });
  }
  setFlash(app, [{ type: "info", key: "groups:flash.created" }]);
  throw redirect("/me/fanclub_group");
}

export default function NewGroup() {
  const { t } = useTranslation("groups");
  const { hasGroup } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page">
      <section className="card" aria-labelledby="new-group-title">
        <h1 id="new-group-title">{t("new.title")}</h1>
        <p className="muted">{t("new.lead")}</p>
        {hasGroup ? (
          <>
            <p className="flash flash-muted" role="status">
              {t("errors.alreadyOwns")}
            </p>
            <p>
              <Link to="/me/fanclub_group">{t("actions.back")}</Link>
            </p>
          </>
        ) : (
          <GroupForm lastResult={actionData?.result} submitLabel={t("new.submit")} />
        )}
      </section>
    </div>
  );
}
