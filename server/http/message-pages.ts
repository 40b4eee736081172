import { data, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { MESSAGE_IMAGE, MESSAGE_TEXT_MAX, normaliseMessageText, parseBeforeId, type Side } from "../domain/messages";
import { waitMinutes } from "../domain/throttle";
import { translatorFor } from "../i18n";
import { notifyNewMessage } from "../services/notify";
import {
  openThread,
  reportMessage,
  sendMessage,
  setMessageBlock,
  threadFor,
  type OutgoingImage,
  type SendRefusal,
  type ThreadAccess,
} from "../services/messages";

/**
 * The loader and action behind both thread pages (the fan's `/me/messages/{id}` and the fan
 * club's `/me/fanclub/messages/{id}`): the routes only say which side they serve.
 */

export function notFound(app: AppContext): never {
  throw new Response(translatorFor(app.locale, "messages")("errors.notFound"), { status: 404 });
}

export function threadIdParam(app: AppContext, raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) notFound(app);
  return Number(raw);
}

/** The thread page's data in one round trip; a thread that is not this person's on this side is a 404. */
export async function loadThreadPage(app: AppContext, request: Request, thread: { id: number; side: Side; clubSideFor?: number }) {
  const url = new URL(request.url);
  const before = parseBeforeId(url.searchParams.get("before"));
  const page = await openThread(app.db, {
    threadId: thread.id,
    session: app.session!,
    side: thread.side,
    clubSideFor: thread.clubSideFor,
    before,
  });
  if (!page) notFound(app);
  const t = page.thread;
  return {
    thread: { id: t.id, side: t.side, fanclubId: t.fanclubId, fanclubName: t.fanclubName, fanName: t.fanName },
    messages: page.messages,
    olderBefore: page.olderBefore,
    pair: page.pair,
    limits: { textMax: MESSAGE_TEXT_MAX, imageMaxMb: MESSAGE_IMAGE.maxBytes / 1024 / 1024 },
  };
}

export interface SendReply {
  ok: false;
  message: string;
}

/** The sender's language for each refusal, and its status: 4xx, never a 500. */
function refusalReply(app: AppContext, refusal: SendRefusal) {
  const t = translatorFor(app.locale, "messages");
  switch (refusal.reason) {
    case "text":
      return data<SendReply>(
        { ok: false, message: refusal.error === "empty" ? t("errors.empty") : t("errors.tooLong", { max: MESSAGE_TEXT_MAX }) },
        { status: 400 },
      );
    case "image":
      return data<SendReply>(
        {
          ok: false,
          message: refusal.error === "size" ? t("errors.imageSize", { mb: MESSAGE_IMAGE.maxBytes / 1024 / 1024 }) : t("errors.imageType"),
        },
        { status: refusal.error === "size" ? 413 : 415 },
      );
    case "rule":
      return data<SendReply>({ ok: false, message: t(`errors.${refusal.error}`) }, { status: 403 });
    case "rate":
      return data<SendReply>(
        { ok: false, message: t("errors.rate", { minutes: waitMinutes(refusal.waitMs) }) },
        { status: 429, headers: { "Retry-After": String(Math.ceil(refusal.waitMs / 1000)) } },
      );
    case "notFound":
      return data<SendReply>({ ok: false, message: t("errors.notFound") }, { status: 404 });
  }
}

/** The image field of a message form: none when empty, else its bytes (size checked before reading). */
async function imageFrom(form: FormData): Promise<OutgoingImage | null | "tooBig"> {
  const file = form.get("image");
  if (!file || typeof file === "string" || file.size === 0) return null;
  if (file.size > MESSAGE_IMAGE.maxBytes) return "tooBig";
  return { bytes: new Uint8Array(await file.arrayBuffer()), size: file.size };
}

/** Sends a message from a form, for a thread that exists or the pair's first message. */
export async function sendFromForm(
  app: AppContext,
  form: FormData,
  input: { side: Side; fanclubId: number; fanUserId: number; fanclubName: string; senderName: string },
  threadUrl: (threadId: number) => string,
) {
  const user = app.session!.user;
  const image = await imageFrom(form);
  if (image === "tooBig") return refusalReply(app, { reason: "image", error: "size" });
  const now = Date.now();
  const sent = await sendMessage(app.db, app.env.MEDIA, {
    side: input.side,
    fanclubId: input.fanclubId,
    fanUserId: input.fanUserId,
    senderUserId: user.id,
    text: normaliseMessageText(form.get("body")),
    image,
    now,
  });
  if (!sent.ok) return refusalReply(app, sent);
  app.waitUntil(
    notifyNewMessage(app.db, app.env, {
      toSide: input.side === "fan" ? "club" : "fan",
      fanclubId: input.fanclubId,
      fanUserId: input.fanUserId,
      threadId: sent.threadId,
      fromName: input.side === "fan" ? input.senderName : input.fanclubName,
      now,
    }).catch((error: unknown) => console.error("[messages] notifying failed", error)),
  );
  throw redirect(threadUrl(sent.threadId));
}

/** The thread page's form: send, report, and (fan side) block or unblock the fan club's messages. */
export async function threadAction(app: AppContext, request: Request, thread: ThreadAccess, threadUrl: (id: number) => string) {
  const t = translatorFor(app.locale, "messages");
  const form = await request.formData();
  const intent = form.get("intent");
  const user = app.session!.user;
  if (intent === "send") {
    return sendFromForm(
      app,
      form,
      {
        side: thread.side,
        fanclubId: thread.fanclubId,
        fanUserId: thread.fanUserId,
        fanclubName: thread.fanclubName,
        senderName: user.name,
      },
      threadUrl,
    );
  }
  if ((intent === "block" || intent === "unblock") && thread.side === "fan") {
    await setMessageBlock(app.db, { userId: user.id, fanclubId: thread.fanclubId, blocked: intent === "block", now: Date.now() });
    return { ok: true as const, message: intent === "block" ? t("done.blocked", { fanclub: thread.fanclubName }) : t("done.unblocked") };
  }
  if (intent === "report") {
    const messageId = String(form.get("messageId") ?? "");
    const reported = /^\d{1,12}$/.test(messageId)
      ? await reportMessage(app.db, {
          thread,
          messageId: Number(messageId),
          reporterUserId: user.id,
          reason: String(form.get("reason") ?? ""),
          now: Date.now(),
        })
      : false;
    if (!reported) return data<SendReply>({ ok: false, message: t("errors.notFound") }, { status: 404 });
    return { ok: true as const, message: t("done.reported") };
  }
  return data<SendReply>({ ok: false, message: t("errors.badRequest") }, { status: 400 });
}

export { threadFor };
