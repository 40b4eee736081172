import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatJstDateTime, toJstInput } from "../../../server/domain/jst-time";
import { NOTICE_SIZINGS, noticeIsLive, parseNoticeForm, type NoticeFormError } from "../../../server/domain/operator-notices";
import { requireOperator } from "../../../server/http/require-operator";
import { translatorFor } from "../../../server/i18n";
import { createNotice, endNotice, listNotices } from "../../../server/services/operator-notices";

export const handle = { i18n: ["common", "notices"], breadcrumb: () => ({ label: "notices:ops.title" }) };
export const clientLoader = withNamespaces(["notices"]);

/**
 * /ops/notices: staff publish a notice for one brand, shown once as a dialog to everybody on it
 * (spec §2 admin dialog, decision 041). Staff only; everyone else gets a 404.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  requireOperator(app);
  const now = Date.now();
  const rows = await listNotices(app.db);
  return {
    title: translatorFor(app.locale, "notices")("ops.title"),
    brands: app.services.map((s) => ({ id: s.id, name: s.name })),
    defaultBrand: app.service?.id ?? app.primaryService?.id ?? null,
    defaults: { startsAt: toJstInput(now), endsAt: toJstInput(now + 7 * 24 * 60 * 60 * 1000) },
    notices: rows.map((r) => ({
      ...r,
      live: noticeIsLive({ startsAt: r.startsAt.getTime(), endsAt: r.endsAt.getTime() }, now),
      startsAt: formatJstDateTime(r.startsAt.getTime()),
      endsAt: formatJstDateTime(r.endsAt.getTime()),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

type ActionResult = { ok: true; ended?: true } | { ok: false; errors: (NoticeFormError | "brand" | "notFound")[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireOperator(app);
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  if (field("intent") === "end") {
    const id = /^\d{1,12}$/.test(field("id")) ? Number(field("id")) : 0;
    const ended = id > 0 && (await endNotice(app.db, { noticeId: id, now: Date.now() }));
    if (!ended) return data<ActionResult>({ ok: false, errors: ["notFound"] }, { status: 404 });
    return data<ActionResult>({ ok: true, ended: true });
  }
  const parsed = parseNoticeForm({
    title: field("title"),
    message: field("message"),
    sizing: field("sizing"),
    startsAt: field("startsAt"),
    endsAt: field("endsAt"),
  });
  const brandId = /^\d{1,9}$/.test(field("serviceId")) ? Number(field("serviceId")) : 0;
  const brandKnown = app.services.some((s) => s.id === brandId);
  if (!parsed.ok || !brandKnown) {
    const errors = [...(brandKnown ? [] : (["brand"] as const)), ...(parsed.ok ? [] : parsed.errors)];
    return data<ActionResult>({ ok: false, errors }, { status: 400 });
  }
  const saved = await createNotice(app.db, { serviceId: brandId, createdBy: user.id, notice: parsed.value, now: Date.now() });
  if (!saved.ok) return data<ActionResult>({ ok: false, errors: ["brand"] }, { status: 400 });
  return data<ActionResult>({ ok: true });
}

export default function OpsNotices() {
  const { t } = useTranslation("notices");
  const { brands, defaultBrand, defaults, notices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = result && !result.ok ? result.errors : [];
  return (
    <div className="page">
      <h1>{t("ops.title")}</h1>
      <p className="muted">{t("ops.intro")}</p>
      {result?.ok ? (
        <p className="flash" role="status">
          {result.ended ? t("ops.ended") : t("ops.created")}
        </p>
      ) : null}
      {errors.length ? (
        <ul className="flash flash-error" role="alert" data-testid="notice-errors">
          {errors.map((e) => (
            <li key={e}>{t(`errors.${e}`)}</li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="card form-stack">
        <label className="field">
          <span>{t("ops.brand")}</span>
          <select name="serviceId" defaultValue={defaultBrand ?? undefined} required>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("ops.noticeTitle")}</span>
          <input name="title" maxLength={100} required />
        </label>
        <label className="field">
          <span>{t("ops.message")}</span>
          <textarea name="message" rows={6} maxLength={4000} required aria-describedby="notice-message-help" />
        </label>
        <p className="muted small" id="notice-message-help">
          {t("ops.messageHelp")}
        </p>
        <fieldset className="field">
          <legend>{t("ops.sizing")}</legend>
          {NOTICE_SIZINGS.map((s) => (
            <label key={s} className="checkbox">
              <input type="radio" name="sizing" value={s} defaultChecked={s === "medium"} />
              <span>{t(`ops.sizings.${s}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="field">
          <span>{t("ops.startsAt")}</span>
          <input type="datetime-local" name="startsAt" defaultValue={defaults.startsAt} required />
        </label>
        <label className="field">
          <span>{t("ops.endsAt")}</span>
          <input type="datetime-local" name="endsAt" defaultValue={defaults.endsAt} required />
        </label>
        <div className="form-actions">
          <button className="button" type="submit" disabled={busy}>
            {t("ops.submit")}
          </button>
        </div>
      </Form>
      <h2>{t("ops.listTitle")}</h2>
      {notices.length === 0 ? (
        <p className="empty-state">{t("ops.empty")}</p>
      ) : (
        <table className="table" data-testid="notices">
          <thead>
            <tr>
              <th>{t("ops.brand")}</th>
              <th>{t("ops.noticeTitle")}</th>
              <th>{t("ops.sizing")}</th>
              <th>{t("ops.period")}</th>
              <th>{t("ops.dismissals")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {notices.map((n) => (
              <tr key={n.id} data-notice={n.id}>
                <td>{n.serviceName}</td>
                <td>{n.title}</td>
                <td>{t(`ops.sizings.${n.sizing}`)}</td>
                <td>
                  {n.startsAt} – {n.endsAt}
                </td>
                <td>{n.dismissals}</td>
                <td>
                  {n.live ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="end" />
                      <input type="hidden" name="id" value={n.id} />
                      <button type="submit" className="link-button" disabled={busy}>
                        {t("ops.end")}
                      </button>
                    </Form>
                  ) : (
                    t("ops.over")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
