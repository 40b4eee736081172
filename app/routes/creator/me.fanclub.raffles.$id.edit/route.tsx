import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";

import { RaffleForm } from "~/components/raffles/raffle-form";
import { RaffleResult } from "~/components/raffles/raffle-result";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { raffleSchema } from "../../../../server/domain/raffle-form";
import { canDraw, rafflePhase } from "../../../../server/domain/raffles";
import { setFlash } from "../../../../server/http/flash";
import { idParam } from "../../../../server/http/params";
import { requireCreator } from "../../../../server/http/require-creator";
import { translatorFor } from "../../../../server/i18n";
import { getRaffle, updateRaffle } from "../../../../server/services/raffles";
import raffleStyles from "~/styles/raffles.css?url";
import { formatJstDateTime } from "../../../../server/domain/jst-time";

// the draw button (a confirm dialog and an API call) is the creator's only: its own chunk
const DrawButton = lazy(() => import("./draw-button"));

export const handle = { i18n: ["common", "creator", "raffles"], breadcrumb: () => ({ label: "raffles:creator.edit" }) };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: raffleStyles }];
export const clientLoader = withNamespaces(["creator", "raffles"]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageRaffles");
  const raffle = await getRaffle(app.db, idParam(params.id), op.fanclubId);
  if (!raffle) throw new Response(null, { status: 404 });
  const now = Date.now();
  return {
    title: translatorFor(app.locale, "raffles")("creator.edit"),
    raffle,
    phase: rafflePhase(raffle, now),
    drawable: canDraw(raffle, now),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageRaffles");
  const id = idParam(params.id);
  const submission = parseWithZod(await request.formData(), { schema: raffleSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await updateRaffle(app.db, op.fanclubId, id, submission.value, Date.now());
  if (!result.ok) {
    if (result.reason === "notFound") throw new Response(null, { status: 404 });
    const t = translatorFor(app.locale, "raffles");
    const message = t(`errors.${result.reason}`);
    const reply =
      result.reason === "priceLocked"
        ? submission.reply({ fieldErrors: { entryPrice: [message] } })
        : result.reason === "window"
          ? submission.reply({ fieldErrors: { entryEndAt: [message] } })
          : submission.reply({ formErrors: [message] });
    return data({ result: reply }, { status: 409 });
  }
  setFlash(app, [{ type: "info", key: "raffles:flash.updated" }]);
  throw redirect("/me/fanclub/raffles");
}

export default function EditRaffle() {
  const { t } = useTranslation("raffles");
  const { raffle, phase, drawable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <div className="page-heading">
        <h1>{t("creator.edit")}</h1>
        <span className={phase === "open" ? "badge" : "badge badge-muted"}>{t(`phase.${phase}`)}</span>
      </div>
      <section className="card raffle-draw" aria-labelledby="raffle-draw-heading">
        <h2 id="raffle-draw-heading">{t("creator.drawSection")}</h2>
        <p>{t("creator.entries", { tickets: raffle.ticketCount, fans: raffle.fanCount })}</p>
        {raffle.draw ? (
          <RaffleResult draw={raffle.draw} winnerCount={raffle.winnerCount} showWinners viewerUserId={null} />
        ) : drawable ? (
          <Suspense fallback={null}>
            <DrawButton raffleId={raffle.id} tickets={raffle.ticketCount} fans={raffle.fanCount} winners={raffle.winnerCount} />
          </Suspense>
        ) : (
          <p className="muted">{t("creator.drawWaiting", { end: formatJstDateTime(raffle.entryEndAt) })}</p>
        )}
        {raffle.status !== "draft" ? (
          <p className="small">
            <a href={`/fanclubs/${raffle.fanclubId}/raffles/${raffle.id}`}>{t("creator.publicPage")}</a>
          </p>
        ) : null}
      </section>
      {raffle.draw ? null : (
        <RaffleForm
          lastResult={actionData?.result}
          raffle={{ ...raffle, published: raffle.status !== "draft" }}
          priceLocked={raffle.ticketCount > 0}
          submitLabel={t("creator.save")}
        />
      )}
    </div>
  );
}
