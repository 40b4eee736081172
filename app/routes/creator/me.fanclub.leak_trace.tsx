import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { mediaSigningSecret } from "../../../server/config";
import { traceUploadProblem } from "../../../server/domain/leak-trace";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { markSettingsOf, saveMarkSettings, traceLeak } from "../../../server/services/leak-trace";

export const handle = { i18n: ["common", "leak"], breadcrumb: () => ({ label: "leak:trace.title" }) };
export const clientLoader = withNamespaces(["leak"]);

/**
 * /me/fanclub/leak_trace (docs/decisions/042): the owner uploads a suspected leaked picture and
 * learns which fan it was delivered to, with a confidence; and switches the visible fan code on
 * paid images. Owners only, like the fan list (naming a fan is the same trust as listing them).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewFans");
  return {
    title: translatorFor(app.locale, "leak")("trace.title"),
    fanclubName: op.name,
    settings: await markSettingsOf(app.db, op.fanclubId),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

type ActionResult =
  | { intent: "marks"; ok: true }
  | { intent: "trace"; ok: false; error: string }
  | { intent: "trace"; ok: true; found: { name: string; fanCode: string; percent: string } | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewFans");
  const t = translatorFor(app.locale, "leak");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ intent: "trace", ok: false, error: t("errors.noFile") }, { status: 400 });
  }
  if (form.get("intent") === "marks") {
    await saveMarkSettings(app.db, op.fanclubId, form.get("visibleMark") === "on", Date.now());
    return data<ActionResult>({ intent: "marks", ok: true });
  }
  const file = form.get("image");
  const upload = typeof file === "object" && file !== null ? file : null;
  const bytes = upload ? new Uint8Array(await upload.arrayBuffer()) : null;
  const problem = traceUploadProblem(upload && bytes ? { size: upload.size, type: upload.type, head: bytes.subarray(0, 4) } : null);
  if (problem)
    return data<ActionResult>(
      { intent: "trace", ok: false, error: t(`errors.${problem}`) },
      { status: problem === "tooLarge" ? 413 : 400 },
    );
  // the picture stays in this request's memory and is dropped with it
  const result = await traceLeak(app.db, { secret: mediaSigningSecret(app.env), fanclubId: op.fanclubId, bytes: bytes! });
  if (result.kind === "unreadable" || result.kind === "tooSmall") {
    return data<ActionResult>({ intent: "trace", ok: false, error: t(`errors.${result.kind}`) }, { status: 400 });
  }
  if (result.kind === "notFound") return data<ActionResult>({ intent: "trace", ok: true, found: null });
  // shown to two decimals, never rounded up to a certainty the score does not give
  const percent = (Math.min(9999, Math.floor(result.confidence * 10_000)) / 100).toFixed(2);
  return data<ActionResult>({ intent: "trace", ok: true, found: { name: result.name, fanCode: result.fanCode, percent } });
}

export default function LeakTrace() {
  const { t } = useTranslation("leak");
  const { settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="page">
      <h1>{t("trace.title")}</h1>
      <p>{t("trace.intro")}</p>
      <p className="muted">{t("trace.privacy")}</p>
      <Form method="post" encType="multipart/form-data" className="card form-stack">
        <input type="hidden" name="intent" value="trace" />
        <label className="field">
          <span>{t("trace.file")}</span>
          <input type="file" name="image" accept="image/jpeg,.jpg,.jpeg" required />
        </label>
        <div className="form-actions">
          <button className="button" type="submit" disabled={busy}>
            {t("trace.submit")}
          </button>
        </div>
      </Form>
      {result?.intent === "trace" ? (
        <div className="card" role="status" data-testid="trace-result">
          {!result.ok ? (
            <p className="field-error">{result.error}</p>
          ) : result.found ? (
            <>
              <p>
                <strong>{t("trace.found", { name: result.found.name })}</strong>
              </p>
              <p>{t("trace.confidence", { percent: result.found.percent })}</p>
              <p className="muted">{t("trace.fanCode", { code: result.found.fanCode })}</p>
            </>
          ) : (
            <p>{t("trace.notFound")}</p>
          )}
        </div>
      ) : null}
      <h2>{t("trace.marks.title")}</h2>
      <Form method="post" className="card form-stack">
        <input type="hidden" name="intent" value="marks" />
        <label className="checkbox">
          <input type="checkbox" name="visibleMark" defaultChecked={settings.visibleMark} />
          <span>{t("trace.marks.visible")}</span>
        </label>
        <p className="muted">{t("trace.marks.what")}</p>
        <div className="form-actions">
          <button className="button button-secondary" type="submit" disabled={busy}>
            {t("trace.marks.save")}
          </button>
        </div>
        {result?.intent === "marks" ? <p role="status">{t("trace.marks.saved")}</p> : null}
      </Form>
    </div>
  );
}
