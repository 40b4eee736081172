import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ThreadList } from "~/components/messages/thread-list";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import messagesStyles from "~/styles/messages.css?url";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listBulkMessages } from "../../../server/services/bulk-messages";
import { listThreads } from "../../../server/services/messages";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:club.title" }),
};
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

/**
 * /me/fanclub/messages: the fan club's threads with its fans, newest first, unread marked, and its
 * messages to many. The owner and editors with can_message_manage (spec §6).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const cursor = new URL(request.url).searchParams.get("cursor");
  const [page, bulk] = await Promise.all([
    listThreads(app.db, { side: "club", fanclubId: op.fanclubId, cursor }),
    listBulkMessages(app.db, op.fanclubId),
  ]);
  return { title: translatorFor(app.locale, "messages")("club.title"), fanclubName: op.name, ...page, bulk };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function FanclubMessages() {
  const { t } = useTranslation("messages");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page messages-page">
      <h1>{t("club.title")}</h1>
      <p className="muted">{t("club.lead", { fanclub: d.fanclubName })}</p>
      <p>
        <Link to="/me/fanclub/messages/bulk" className="button button-secondary">
          {t("bulk.new")}
        </Link>
      </p>
      <ThreadList threads={d.threads} side="club" basePath="/me/fanclub/messages" nextCursor={d.nextCursor} />
      {d.bulk.length ? (
        <section aria-labelledby="bulk-title">
          <h2 id="bulk-title">{t("bulk.history")}</h2>
          <ul className="bulk-list" data-testid="bulk-list">
            {d.bulk.map((b) => (
              <li key={b.id}>
                <span className="bulk-body">{b.body.slice(0, 60)}</span>{" "}
                <span className="muted small">
                  {b.status === "sent"
                    ? t("bulk.sent", { delivered: b.deliveredCount })
                    : t("bulk.sending", { done: b.deliveredCount, planned: b.plannedCount })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
