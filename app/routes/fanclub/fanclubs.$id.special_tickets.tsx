import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatYen } from "../../../server/domain/number-display";
import { mergedReads } from "../../../server/http/merged-reads";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { ticketShopOf } from "../../../server/services/community/special-tickets";

const Launch = lazy(() => import("~/components/payments/payment-launchers").then((m) => ({ default: m.Launch })));

export const handle = { i18n: ["common", "fanclub", "community"], breadcrumb: () => ({ label: "fanclub:tabs.special_tickets" }) };
export const clientLoader = withNamespaces(["fanclub", "community"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/special_tickets: the special tickets the fan club sells (docs/decisions/037), each
 * with its price, what it grants, how long it stays usable and how many the viewer holds; buying
 * opens the payment modal on the ticket (page 90). Its reads join the fan club frame's batch.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const shop = await ticketShopOf(mergedReads(app), { fanclubId: idParam(params.id) }, app.user?.id ?? null, Date.now());
  if (!shop) throw new Response(null, { status: 404 });
  return {
    tickets: shop.tickets,
    heldUrl: `${app.origins.user}/me/special_tickets`,
    loginUrl: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}`,
  };
}

export default function FanclubSpecialTickets() {
  const { t } = useTranslation("community");
  const { tickets, heldUrl, loginUrl } = useLoaderData<typeof loader>();
  const [opened, setOpened] = useState(0);
  return (
    <section className="special-ticket-shop" aria-labelledby="ticket-shop-heading">
      <h2 id="ticket-shop-heading">{t("shop.title")}</h2>
      <p className="small muted">{t("shop.lead")}</p>
      {tickets.length === 0 ? (
        <p className="empty-state">{t("shop.empty")}</p>
      ) : (
        <ul className="card-list">
          {tickets.map((ticket) => (
            <li key={ticket.id} className="card" data-ticket-type={ticket.name}>
              <h3>{ticket.name}</h3>
              <p className="pre-wrap">{ticket.grants}</p>
              <dl className="payment-quote">
                <div>
                  <dt>{t("shop.price")}</dt>
                  <dd data-ticket-price={ticket.price}>{formatYen(ticket.price)}</dd>
                </div>
                <div>
                  <dt>{t("shop.validity")}</dt>
                  <dd>{ticket.validDays === null ? t("tickets.noExpiry") : t("shop.validDays", { n: ticket.validDays })}</dd>
                </div>
              </dl>
              {ticket.held > 0 ? (
                <p className="small" data-tickets-held={ticket.held}>
                  {t("shop.held", { n: ticket.held })} <a href={heldUrl}>{t("shop.heldLink")}</a>
                </p>
              ) : null}
              {ticket.button === "buy" || ticket.button === "followAndBuy" ? (
                <button type="button" className="button" onClick={() => setOpened(ticket.id)} data-ticket-buy={ticket.id}>
                  {t(`shop.buttons.${ticket.button}`)}
                </button>
              ) : ticket.button === "signIn" ? (
                <a className="button" href={loginUrl}>
                  {t("shop.buttons.signIn")}
                </a>
              ) : (
                <p className="small muted">{t(`shop.buttons.${ticket.button}`)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {opened ? (
        <Suspense fallback={null}>
          <Launch key={opened} start={{ kind: "item", page: 90, id: opened }} onClose={(changed) => (changed ? undefined : setOpened(0))} />
        </Suspense>
      ) : null}
    </section>
  );
}
