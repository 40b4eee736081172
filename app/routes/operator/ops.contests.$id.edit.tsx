import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contests/contest-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { contestSchema } from "../../../server/domain/contests";
import { setFlash } from "../../../server/http/flash";
import { requireOperator } from "../../../server/http/require-operator";
import { translatorFor } from "../../../server/i18n";
import { saveContest } from "../../../server/services/contests/manage";
import { contestById, contestSummary } from "../../../server/services/contests/queries";

export const handle = { i18n: ["common", "contests"], breadcrumb: () => ({ label: "contests:ops.edit" }) };
export const clientLoader = withNamespaces(["contests"]);

function contestId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const row = await contestById(app.db, contestId(params.id));
  if (!row) throw new Response(null, { status: 404 });
  return { title: translatorFor(app.locale, "contests")("ops.edit"), contest: contestSummary(row, Date.now()) };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const id = contestId(params.id);
  const submission = parseWithZod(await request.formData(), { schema: contestSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await saveContest(app.db, { id, form: submission.value, now: Date.now() });
  if (!saved.ok && saved.reason === "notFound") throw new Response(null, { status: 404 });
  if (!saved.ok)
    return data({ result: submission.reply({ fieldErrors: { slug: [app.t("contests:errors.slugTaken")] } }) }, { status: 409 });
  setFlash(app, [{ type: "info", key: "contests:ops.saved" }]);
  throw redirect("/ops/contests");
}

export default function EditContest() {
  const { t } = useTranslation("contests");
  const { contest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("ops.edit")}</h1>
      <ContestForm lastResult={actionData?.result} contest={contest} submitLabel={t("ops.save")} />
    </div>
  );
}
