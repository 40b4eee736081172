import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatFileSize } from "~/routes/fanclub/fanclubs.$id.posts.$postId/post-body";
import { anonymousPageHeaders } from "../../../server/http/page-cache";
import { idParam } from "../../../server/http/params";
import { mediaSignerFor } from "../../../server/media/private-urls";
import { fanclubDc3Listing } from "../../../server/services/dc3";
import { postViewerFrom } from "../../../server/services/post-access";

export const handle = { i18n: ["common", "fanclub", "dc3"], breadcrumb: () => ({ label: "fanclub:tabs.dc_three_contents" }) };
export const clientLoader = withNamespaces(["fanclub", "dc3"]);
export const headers = anonymousPageHeaders;

/**
 * /fanclubs/{id}/dc_three_contents: the fan club's downloads (DC3 contents, docs/decisions/045).
 * Everyone sees the titles and who may download; the file's name, size and a download link
 * (signed for this viewer's session, served by the `/media` gate) only reach viewers whose plan
 * may download it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const fanclubId = idParam(params.id);
  const now = Date.now();
  const items = await fanclubDc3Listing(app.db, fanclubId, postViewerFrom(app.session), mediaSignerFor(app, now), now);
  if (!items) throw new Response(null, { status: 404 });
  return {
    items,
    signedIn: app.user !== null,
    loginUrl: `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(request.url)}`,
    plansUrl: `/fanclubs/${fanclubId}`,
  };
}

export default function FanclubDc3Contents() {
  const { t } = useTranslation("dc3");
  const { items, signedIn, loginUrl, plansUrl } = useLoaderData<typeof loader>();
  return (
    <section className="dc3-downloads" aria-labelledby="dc3-heading">
      <h2 id="dc3-heading">{t("tab.heading")}</h2>
      <p className="small muted">{t("tab.lead")}</p>
      {items.length === 0 ? (
        <p className="empty-state">{t("tab.empty")}</p>
      ) : (
        <ul className="card-list">
          {items.map((item) => (
            <li key={item.id} className="card" data-dc3-content={item.title}>
              <h3>{item.title}</h3>
              {item.description ? <p className="pre-wrap">{item.description}</p> : null}
              {item.file ? (
                <p>
                  <a className="button button-small" href={item.file.downloadUrl} download={item.file.filename} data-dc3-download>
                    {t("tab.download")}
                  </a>{" "}
                  <span className="small">{item.file.filename}</span> <span className="muted small">{formatFileSize(item.file.size)}</span>
                </p>
              ) : (
                <p className="small muted" data-dc3-locked>
                  {t("tab.locked", {
                    audience:
                      item.audience === "members" ? t("audience.members") : t("audience.plans", { plans: item.planNames.join("、") }),
                  })}{" "}
                  {signedIn ? <a href={plansUrl}>{t("tab.join")}</a> : <a href={loginUrl}>{t("tab.signIn")}</a>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
