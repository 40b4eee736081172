import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ThreadList } from "~/components/messages/thread-list";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listThreads, messageFanclubIds } from "../../../server/services/messages";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:list.title" }),
};
export const clientLoader = withNamespaces(["messages"]);

/**
 * /me/messages (spec §2, issue 20): the signed-in person's threads with fan clubs, newest first,
 * unread marked, cursor-paged (`?cursor=`). Someone who answers for a fan club also gets a link
 * to that fan club's inbox on its brand.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const page = await listThreads(app.db, { side: "fan", userId: user.id, cursor });
  const session = app.session!;
  const inboxes = messageFanclubIds(session).flatMap((id) => {
    const own = session.creator.own?.id === id ? session.creator.own : null;
    const edit = session.creator.editing.find((e) => e.fanclubId === id);
    const serviceId = own?.serviceId ?? edit?.serviceId;
    const service = app.services.find((s) => s.id === serviceId);
    return service ? [{ fanclubId: id, name: own?.name ?? edit?.name ?? "", href: `${service.frontUrl}/me/fanclub/messages` }] : [];
  });
  return { title: translatorFor(app.locale, "messages")("list.title"), ...page, inboxes };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Messages() {
  const { t } = useTranslation("messages");
  const d = useLoaderData<typeof loader>();
  return (
    <div className="page messages-page">
      <h1>{t("list.title")}</h1>
      {d.inboxes.map((inbox) => (
        <p key={inbox.fanclubId}>
          <a href={inbox.href} data-testid="fanclub-inbox-link">
            {t("list.fanclubInbox", { fanclub: inbox.name })}
          </a>
        </p>
      ))}
      <ThreadList threads={d.threads} side="fan" basePath="/me/messages" nextCursor={d.nextCursor} />
    </div>
  );
}
