import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { RaffleForm } from "~/components/raffles/raffle-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { raffleSchema } from "../../../server/domain/raffle-form";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createRaffle } from "../../../server/services/raffles";

export const handle = { i18n: ["common", "creator", "raffles"], breadcrumb: () => ({ label: "raffles:creator.new" }) };
export const clientLoader = withNamespaces(["creator", "raffles"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "manageRaffles");
  return { title: translatorFor(context.app.locale, "raffles")("creator.new") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageRaffles");
  const submission = parseWithZod(await request.formData(), { schema: raffleSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await createRaffle(app.db, op.fanclubId, submission.value, Date.now());
  setFlash(app, [{ type: "info", key: "raffles:flash.created" }]);
  throw redirect("/me/fanclub/raffles");
}

export default function NewRaffle() {
  const { t } = useTranslation("raffles");
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("creator.new")}</h1>
      <RaffleForm lastResult={actionData?.result} submitLabel={t("creator.create")} />
    </div>
  );
}
