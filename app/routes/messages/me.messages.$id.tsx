import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ThreadView } from "~/components/messages/thread-view";
import { withNamespaces } from "~/lib/i18n";
import { retryAfterHeaders } from "~/lib/retry-after";
import messagesStyles from "~/styles/messages.css?url";
import { loadThreadPage, notFound, threadAction, threadFor, threadIdParam } from "../../../server/http/message-pages";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:list.title" }),
};
export const headers = retryAfterHeaders;
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

/** /me/messages/{id}: the fan's side of a thread with a fan club. Someone else's thread is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  const page = await loadThreadPage(app, request, { id: threadIdParam(app, params.id), side: "fan" });
  return { title: translatorFor(app.locale, "messages")("thread.title", { name: page.thread.fanclubName }), ...page };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  requireUser(app);
  const thread = await threadFor(app.db, threadIdParam(app, params.id), app.session!, "fan");
  if (!thread) notFound(app);
  return threadAction(app, request, thread, (id) => `/me/messages/${id}`);
}

export default function FanThread() {
  const d = useLoaderData<typeof loader>();
  return <ThreadView data={d} basePath={`/me/messages/${d.thread.id}`} listPath="/me/messages" />;
}
