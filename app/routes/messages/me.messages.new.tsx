import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { NewMessagePage, type NewMessageData } from "~/components/messages/new-message-page";
import { withNamespaces } from "~/lib/i18n";
import { retryAfterHeaders } from "~/lib/retry-after";
import messagesStyles from "~/styles/messages.css?url";
import { MESSAGE_IMAGE, MESSAGE_TEXT_MAX } from "../../../server/domain/messages";
import { notFound, sendFromForm } from "../../../server/http/message-pages";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { fanclubForNewMessage, pairState, threadIdOfPair } from "../../../server/services/messages";
import type { AppContext } from "../../../server/context";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:list.title" }),
};
export const headers = retryAfterHeaders;
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

async function target(app: AppContext, request: Request) {
  const raw = new URL(request.url).searchParams.get("fanclub") ?? "";
  const fanclub = /^\d{1,12}$/.test(raw) ? await fanclubForNewMessage(app.db, Number(raw)) : null;
  // one's own fan club is not someone to write to
  if (!fanclub || fanclub.ownerId === app.session!.user.id) notFound(app);
  return fanclub;
}

/**
 * /me/messages/new?fanclub={id}: the first message to a fan club (from the fan club page). A fan
 * who already has a thread with it goes straight there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const fanclub = await target(app, request);
  const existing = await threadIdOfPair(app.db, fanclub.id, user.id);
  if (existing) throw redirect(`/me/messages/${existing}`);
  const state = await pairState(app.db, fanclub.id, user.id);
  return {
    title: translatorFor(app.locale, "messages")("new.title", { name: fanclub.name }),
    name: fanclub.name,
    refused: state.blockedByClub ? ("blocked" as const) : null,
    limits: { textMax: MESSAGE_TEXT_MAX, imageMaxMb: MESSAGE_IMAGE.maxBytes / 1024 / 1024 },
  } satisfies NewMessageData & { title: string };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const fanclub = await target(app, request);
  const form = await request.formData();
  return sendFromForm(
    app,
    form,
    { side: "fan", fanclubId: fanclub.id, fanUserId: user.id, fanclubName: fanclub.name, senderName: user.name },
    (id) => `/me/messages/${id}`,
  );
}

export default function NewMessage() {
  return <NewMessagePage back="/me/messages" />;
}
