import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatLocalDate } from "../../../server/domain/jst-time";
import { TICKET_LIMITS } from "../../../server/domain/special-tickets";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { heldTickets, redeemSpecialTicket } from "../../../server/services/community/special-tickets";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:held.title" }) };
export const clientLoader = withNamespaces(["community"]);

/** /me/special_tickets: the special tickets the fan holds, usable first, each usable once. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  return {
    title: translatorFor(app.locale, "community")("held.title"),
    locale: app.locale,
    tickets: await heldTickets(app.db, user.id, Date.now()),
    // one key per page view: a double submit of the same use is answered, not refused
    useKey: crypto.randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const form = await request.formData();
  const id = Number(form.get("ticketId"));
  const key = String(form.get("useKey") ?? "");
  if (!Number.isSafeInteger(id) || id < 1 || !/^[\w-]{8,64}$/.test(key))
    return data({ used: false, error: app.t("community:errors.notFound") }, { status: 404 });
  const result = await redeemSpecialTicket(app.db, { ticketId: id, userId: user.id, purpose: "self", idempotencyKey: `${key}:${id}` });
  if (!result.ok) {
    const status = result.reason === "notFound" ? 404 : result.reason === "invalidPurpose" ? 400 : 409;
    return data({ used: false, error: app.t(`community:errors.${result.reason}`, { max: TICKET_LIMITS.purpose }) }, { status });
  }
  return { used: true, error: null };
}

export default function HeldTickets() {
  const { t } = useTranslation("community");
  const { tickets, locale, useKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page narrow">
      <h1>{t("held.title")}</h1>
      <p>{t("held.lead")}</p>
      {actionData?.used ? (
        <p className="flash flash-success" role="status">
          {t("tickets.used")}
        </p>
      ) : null}
      <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
      {tickets.length === 0 ? (
        <p className="empty-state">{t("held.empty")}</p>
      ) : (
        <ul className="card-list" data-testid="held-tickets">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="card" data-state={ticket.state}>
              <h2>
                {ticket.name} <span className="badge">{t(`held.states.${ticket.state}`)}</span>
              </h2>
              <p>{ticket.grants}</p>
              <p className="muted small">
                <a href={`/fanclubs/${ticket.fanclub.id}`}>{ticket.fanclub.name}</a> · {t(`held.sources.${ticket.source}`)} ·{" "}
                {ticket.usedAt !== null
                  ? t("held.usedAt", { date: formatLocalDate(locale, ticket.usedAt, true) })
                  : ticket.expiresAt !== null
                    ? t("held.expiresAt", { date: formatLocalDate(locale, ticket.expiresAt, true) })
                    : t("tickets.noExpiry")}
              </p>
              {ticket.state === "usable" ? (
                <Form method="post">
                  <input type="hidden" name="ticketId" value={ticket.id} />
                  <input type="hidden" name="useKey" value={useKey} />
                  <button type="submit" className="button button-small" disabled={busy}>
                    {t("held.use")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
