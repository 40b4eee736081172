import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { ContestForm } from "~/components/contests/contest-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { contestSchema } from "../../../server/domain/contests";
import { setFlash } from "../../../server/http/flash";
import { requireOperator } from "../../../server/http/require-operator";
import { translatorFor } from "../../../server/i18n";
import { saveContest } from "../../../server/services/contests/manage";

export const handle = { i18n: ["common", "contests"], breadcrumb: () => ({ label: "contests:ops.new" }) };
export const clientLoader = withNamespaces(["contests"]);

export async function loader({ context }: LoaderFunctionArgs) {
  requireOperator(context.app);
  return { title: translatorFor(context.app.locale, "contests")("ops.new") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const submission = parseWithZod(await request.formData(), { schema: contestSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveContest(app.db, { id: null, form: submission.value, now: Date.now() });
  if (!saved.ok)
    return data({ result: submission.reply({ fieldErrors: { slug: [app.t("contests:errors.slugTaken")] } }) }, { status: 409 });
  setFlash(app, [{ type: "info", key: "contests:ops.saved" }]);
  throw redirect("/ops/contests");
}

export default function NewContest() {
  const { t } = useTranslation("contests");
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("ops.new")}</h1>
      <ContestForm lastResult={actionData?.result} submitLabel={t("ops.save")} />
    </div>
  );
}
