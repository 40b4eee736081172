import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listRequests, reviewRequest } from "../../../server/services/open-requests";
import type { AppContext } from "../../../server/context";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:ops.title" }) };
export const clientLoader = withNamespaces(["creator"]);

/** Staff only; everyone else gets the same 404 as for a page that does not exist. */
function requireOperator(app: AppContext) {
  const user = requireUser(app);
  if (!user.isOperator) throw new Response(null, { status: 404 });
  return user;
}

/** /ops/open_requests: operators review fan club open requests. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const rows = await listRequests(app.db);
  return {
    title: translatorFor(app.locale, "creator")("ops.title"),
    requests: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

const reviewSchema = z.object({ id: z.coerce.number().int().positive(), decision: z.enum(["approved", "rejected"]) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const parsed = reviewSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  const done = await reviewRequest(app.db, { ...parsed.data, now: Date.now() });
  return data({ ok: done }, { status: done ? 200 : 409 });
}

export default function OpenRequests() {
  const { t } = useTranslation("creator");
  const { requests } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("ops.title")}</h1>
      {requests.length === 0 ? (
        <p className="empty-state">{t("ops.empty")}</p>
      ) : (
        <ul className="settings-list">
          {requests.map((r) => (
            <li key={r.id} className="card" data-request={r.id}>
              <p>
                <strong>{r.activityName}</strong> · {r.serviceName} · {r.userName} ({r.userEmail}) ·{" "}
                <span className="badge">{t(`ops.status.${r.status}`)}</span>
              </p>
              <p className="pre-wrap">{r.activityDescription}</p>
              <ul>
                {r.urls.map((u) => (
                  <li key={u}>
                    <a href={u} target="_blank" rel="noopener noreferrer nofollow">
                      {u}
                    </a>
                  </li>
                ))}
              </ul>
              <p className="pre-wrap muted">{r.plan}</p>
              {r.status === "pending" ? (
                <Form method="post" className="form-actions">
                  <input type="hidden" name="id" value={r.id} />
                  <button className="button button-secondary" name="decision" value="rejected">
                    {t("ops.reject")}
                  </button>
                  <button className="button" name="decision" value="approved">
                    {t("ops.approve")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
