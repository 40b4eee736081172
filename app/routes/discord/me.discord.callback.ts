import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { readDiscordCallback, requireDiscord } from "../../../server/http/discord-oauth";
import { setFlash } from "../../../server/http/flash";
import { requireUser } from "../../../server/http/require-user";
import { linkDiscordAccount } from "../../../server/services/discord/links";

/** /me/discord/callback: Discord's answer; the state must be this browser's, the code is exchanged with the verifier. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const client = requireDiscord(app);
  const callback = readDiscordCallback(app, request, { purpose: "user", callbackPath: "/me/discord/callback" });
  if (!callback.ok) {
    setFlash(app, [{ type: "error", key: callback.reason === "denied" ? "discord:errors.denied" : "discord:errors.state" }]);
    throw redirect("/me/discord");
  }
  let grant;
  try {
    grant = await client.exchangeUserCode(callback);
  } catch (error) {
    console.warn("[discord] account link failed", error);
    setFlash(app, [{ type: "error", key: "discord:errors.discord" }]);
    throw redirect("/me/discord");
  }
  const linked = await linkDiscordAccount(app.db, { userId: user.id, grant, now: Date.now() });
  setFlash(app, [linked.ok ? { type: "info", key: "discord:me.done.linked" } : { type: "error", key: "discord:errors.takenByOther" }]);
  throw redirect("/me/discord");
}
