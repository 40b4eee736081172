import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { NewMessagePage, type NewMessageData } from "~/components/messages/new-message-page";
import { withNamespaces } from "~/lib/i18n";
import { retryAfterHeaders } from "~/lib/retry-after";
import messagesStyles from "~/styles/messages.css?url";
import { MESSAGE_IMAGE, MESSAGE_TEXT_MAX } from "../../../server/domain/messages";
import { notFound, sendFromForm } from "../../../server/http/message-pages";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { pairState, personForNewMessage, threadIdOfPair } from "../../../server/services/messages";
import type { AppContext } from "../../../server/context";
import type { OperatingFanclub } from "../../../server/services/creator";

export const handle = {
  i18n: ["common", "messages"],
  breadcrumb: () => ({ label: "messages:club.title" }),
};
export const headers = retryAfterHeaders;
export const clientLoader = withNamespaces(["messages"]);
export const links: LinksFunction = () => [{ rel: "stylesheet", href: messagesStyles }];

async function target(app: AppContext, request: Request, op: OperatingFanclub) {
  const raw = new URL(request.url).searchParams.get("user") ?? "";
  const person = /^\d{1,12}$/.test(raw) ? await personForNewMessage(app.db, Number(raw)) : null;
  if (!person || person.id === op.role.ownerId) notFound(app);
  return person;
}

/** /me/fanclub/messages/new?user={id}: the fan club's first message to a fan (from the fans list). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const person = await target(app, request, op);
  const existing = await threadIdOfPair(app.db, op.fanclubId, person.id);
  if (existing) throw redirect(`/me/fanclub/messages/${existing}`);
  const state = await pairState(app.db, op.fanclubId, person.id);
  return {
    title: translatorFor(app.locale, "messages")("new.title", { name: person.name }),
    name: person.name,
    refused: state.blockedByClub ? ("blocked" as const) : state.clubMutedByFan ? ("muted" as const) : null,
    limits: { textMax: MESSAGE_TEXT_MAX, imageMaxMb: MESSAGE_IMAGE.maxBytes / 1024 / 1024 },
  } satisfies NewMessageData & { title: string };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageMessages");
  const person = await target(app, request, op);
  return sendFromForm(
    app,
    await request.formData(),
    { side: "club", fanclubId: op.fanclubId, fanUserId: person.id, fanclubName: op.name, senderName: app.session!.user.name },
    (id) => `/me/fanclub/messages/${id}`,
  );
}

export default function NewFanclubMessage() {
  return <NewMessagePage back="/me/fanclub/messages" />;
}
