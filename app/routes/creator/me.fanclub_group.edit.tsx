import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GroupForm } from "~/components/groups/group-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { groupSchema } from "../../../server/domain/fanclub-groups";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { ownedGroup, updateGroup } from "../../../server/services/groups";

export const handle = {
  i18n: ["common", "groups"],
  breadcrumb: () => [{ label: "groups:title", to: "/me/fanclub_group" }, { label: "groups:edit.title" }],
};
export const clientLoader = withNamespaces(["groups"]);

/** /me/fanclub_group/edit: rename or re-describe my group. Without a group, back to the overview. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const group = await ownedGroup(app.db, op.fanclubId);
  if (!group) throw redirect("/me/fanclub_group");
  return { title: translatorFor(app.locale, "groups")("edit.title"), group };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageGroups");
  const t = translatorFor(app.locale, "groups");
  const submission = parseWithZod(await request.formData(), { schema: groupSchema(t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await updateGroup(app.db, { ownerFanclubId: op.fanclubId, ...submission.value });
  if (!saved.ok) return data({ result: submission.reply({ formErrors: [t("errors.noGroup")] }) }, { status: 404 });
  setFlash(app, [{ type: "info", key: "groups:flash.updated" }]);
  throw redirect("/me/fanclub_group");
}

export default function EditGroup() {
  const { t } = useTranslation("groups");
  const { group } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page">
      <section className="card" aria-labelledby="edit-group-title">
        <h1 id="edit-group-title">{t("edit.title")}</h1>
        <GroupForm lastResult={actionData?.result} defaultValue={group} submitLabel={t("edit.submit")} />
      </section>
    </div>
  );
}
