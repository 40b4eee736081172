import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { setFlash } from "../../../server/http/flash";
import { confirmEmail, confirmEmailChange } from "../../../server/services/accounts";
import { safeReturnUrl } from "../../../server/domain/return-path";
import { knownOrigins } from "../../../server/services/sign-in";

/**
 * The link in a confirmation e-mail. It works once and for a day; afterwards it goes to
 * /account/mail_confirm_failed. A confirmed sign-up goes on to sign in, and from there to the
 * welcome page (shown once) on the brand used last; a confirmed change of address goes back to the
 * account settings.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const url = new URL(request.url);
  const token = url.searchParams.get("confirmation_token");
  const now = Date.now();
  if (url.searchParams.get("change") === "1") {
    const changed = await confirmEmailChange(app.db, token, now);
    if (!changed.ok) throw redirect("/account/mail_confirm_failed");
    setFlash(app, [{ type: "info", key: "flash.emailChanged" }]);
    throw redirect("/me/settings/account");
  }
  const confirmed = await confirmEmail(app.db, token, now);
  if (!confirmed.ok) throw redirect("/account/mail_confirm_failed");
  setFlash(app, [{ type: "info", key: "flash.emailConfirmed" }]);
  // back to the page the person signed up from, once signed in (only ever one of ours); without
  // one, to the brand's welcome page (shown once, decision 041)
  const returnTo = safeReturnUrl(url.searchParams.get("loggedInPath"), knownOrigins(app));
  const brand = app.lastAccessedService ?? app.primaryService;
  const next = returnTo ?? (brand ? `${brand.frontUrl}/welcome` : null);
  throw redirect(`${app.origins.login}/auth/login${next ? `?loggedInPath=${encodeURIComponent(next)}` : ""}`);
}
