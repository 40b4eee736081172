import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ThreadView } from "~/components/messages/thread-view";
import { withNamespaces } from "~/lib/i18n";
import { retryAfterHeaders } from "~/lib/retry-after";
import messagesStyles from "~/styles/messages.css?url";
import { loadThreadPage, notFound, threadAction, threadFor, threadIdParam } from "../../../server/http/message-pages";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:club.title" }),
};
export const headers = retryAfterHeaders;
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

/** /me/fanclub/messages/{id}: a thread as the fan club answers it (owner, editors with can_message_manage). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const page = await loadThreadPage(app, request, { id: threadIdParam(app, params.id), side: "club", clubSideFor: op.fanclubId });
  return { title: translatorFor(app.locale, "messages")("thread.title", { name: page.thread.fanName }), ...page };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const thread = await threadFor(app.db, threadIdParam(app, params.id), app.session!, "club", op.fanclubId);
  if (!thread) notFound(app);
  return threadAction(app, request, thread, (id) => `/me/fanclub/messages/${id}`);
}

export default function FanclubThread() {
  const d = useLoaderData<typeof loader>();
  return <ThreadView data={d} basePath={`/me/fanclub/messages/${d.thread.id}`} listPath="/me/fanclub/messages" />;
}
