import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatNumber, formatYen } from "../../../server/domain/number-display";
import { issueTicketsSchema, ticketTypeSchema } from "../../../server/domain/special-tickets";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { archiveTicketType, createTicketType, issueTickets, ticketTypesOf } from "../../../server/services/community/special-tickets";
import { listPlans } from "../../../server/services/plans";

export const handle = { i18n: ["common", "community"], breadcrumb: () => ({ label: "community:tickets.title" }) };
export const clientLoader = withNamespaces(["community"]);

/**
 * /me/fanclub/special_ticket (spec §2): the creator's special ticket types (what a ticket grants,
 * its validity, a price when fans may buy it) and issuing them free to chosen fans. Owners and
 * editors with the lesson permission (decision 037).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageSpecialTickets");
  const [types, plans] = await Promise.all([ticketTypesOf(app.db, op.fanclubId), listPlans(app.db, op.fanclubId)]);
  return {
    title: translatorFor(app.locale, "community")("tickets.title"),
    types: types.map((t) => ({
      id: t.id,
      name: t.name,
      grants: t.grants,
      validDays: t.validDays,
      price: t.price,
      issued: t.issued,
      used: t.used,
    })),
    plans: plans.filter((p) => p.closedAt === null).map((p) => ({ id: p.id, name: p.name })),
    // a fresh key per page view: submitting the same issue twice (a double click, a retry) issues once
    batchKey: crypto.randomUUID(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageSpecialTickets");
  const form = await request.formData();
  const intent = form.get("intent");
  const now = Date.now();
  if (intent === "archive") {
    const id = Number(form.get("typeId"));
    const done = Number.isSafeInteger(id) && id > 0 && (await archiveTicketType(app.db, op.fanclubId, id, now));
    if (!done) return data({ intent, result: null, notice: null, error: app.t("community:errors.typeMissing") }, { status: 404 });
    return { intent, result: null, notice: app.t("community:tickets.archived"), error: null };
  }
  if (intent === "issue") {
    const submission = parseWithZod(form, { schema: issueTicketsSchema(app.t) });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), notice: null, error: null }, { status: 400 });
    const v = submission.value;
    const issued = await issueTickets(app.db, {
      fanclubId: op.fanclubId,
      typeId: v.typeId,
      target: v.recipients,
      batchKey: v.batchKey,
      now,
    });
    if (!issued.ok) {
      const status = issued.reason === "typeMissing" ? 404 : 422;
      return data(
        { intent, result: submission.reply({ formErrors: [app.t(`community:errors.${issued.reason}`)] }), notice: null, error: null },
        { status },
      );
    }
    return {
      intent,
      result: submission.reply({ resetForm: true }),
      notice: app.t("community:tickets.issuedNotice", { issued: issued.issued, recipients: issued.recipients }),
      error: null,
    };
  }
  const submission = parseWithZod(form, { schema: ticketTypeSchema(app.t) });
  if (submission.status !== "success")
    return data({ intent: "createType", result: submission.reply(), notice: null, error: null }, { status: 400 });
  const v = submission.value;
  await createTicketType(app.db, op.fanclubId, { name: v.name, grants: v.grants, validDays: v.validDays, price: v.price ?? 0 }, now);
  return { intent: "createType", result: submission.reply({ resetForm: true }), notice: app.t("community:tickets.created"), error: null };
}

export default function SpecialTicketPage() {
  const { t } = useTranslation("community");
  const { t: tc } = useTranslation("common");
  const { types, plans, batchKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const typeSchema = useMemo(() => ticketTypeSchema(tc), [tc]);
  const issueSchema = useMemo(() => issueTicketsSchema(tc), [tc]);
  const [typeForm, typeFields] = useZodForm(typeSchema, actionData?.intent === "createType" ? actionData.result : undefined, {
    id: "type",
  });
  const [issueForm, issueFields] = useZodForm(issueSchema, actionData?.intent === "issue" ? actionData.result : undefined, {
    id: "issue",
  });
  return (
    <div className="page narrow">
      <h1>{t("tickets.title")}</h1>
      <p>{t("tickets.lead")}</p>
      {actionData?.notice ? (
        <p className="flash flash-success" role="status">
          {actionData.notice}
        </p>
      ) : null}
      <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />

      <section aria-labelledby="types-heading">
        <h2 id="types-heading">{t("tickets.types")}</h2>
        {types.length === 0 ? (
          <p className="empty-state">{t("tickets.noTypes")}</p>
        ) : (
          <table className="table" data-testid="ticket-types">
            <thead>
              <tr>
                <th>{t("tickets.fields.nameLabel")}</th>
                <th>{t("tickets.fields.grantsLabel")}</th>
                <th>{t("tickets.fields.validDays")}</th>
                <th>{t("tickets.fields.price")}</th>
                <th>{t("tickets.issuedUsed")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {types.map((type) => (
                <tr key={type.id}>
                  <td>{type.name}</td>
                  <td>{type.grants}</td>
                  <td>{type.validDays === null ? t("tickets.noExpiry") : t("tickets.days", { n: formatNumber(type.validDays) })}</td>
                  <td>{type.price === 0 ? t("tickets.notSold") : formatYen(type.price)}</td>
                  <td>{t("tickets.counts", { issued: formatNumber(type.issued), used: formatNumber(type.used) })}</td>
                  <td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="archive" />
                      <input type="hidden" name="typeId" value={type.id} />
                      <button type="submit" className="button button-outline button-small" disabled={busy}>
                        {t("tickets.archive")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="issue-heading">
        <h2 id="issue-heading">{t("tickets.issueTitle")}</h2>
        <Form method="post" {...getFormProps(issueForm)} className="form card">
          <FormErrors errors={issueForm.errors} />
          <input type="hidden" name="intent" value="issue" />
          <input type="hidden" name="batchKey" value={batchKey} />
          <Field label={t("tickets.fields.type")} id={issueFields.typeId.id} errors={issueFields.typeId.errors}>
            <select {...getSelectProps(issueFields.typeId)}>
              <option value="">{t("choose")}</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("tickets.fields.target")} id={issueFields.target.id} errors={issueFields.target.errors}>
            <select {...getSelectProps(issueFields.target)} defaultValue="allMembers">
              <option value="allMembers">{t("tickets.targets.allMembers")}</option>
              <option value="plan">{t("tickets.targets.plan")}</option>
              <option value="memberNumbers">{t("tickets.targets.memberNumbers")}</option>
            </select>
          </Field>
          <Field label={t("tickets.fields.plan")} id={issueFields.planId.id} errors={issueFields.planId.errors}>
            <select {...getSelectProps(issueFields.planId)}>
              <option value="">{t("choose")}</option>
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t("tickets.fields.numbers")}
            id={issueFields.numbers.id}
            errors={issueFields.numbers.errors}
            hint={t("tickets.numbersHint")}
          >
            <input {...getInputProps(issueFields.numbers, { type: "text" })} inputMode="numeric" />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy || types.length === 0}>
              {t("tickets.issue")}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="new-type-heading">
        <h2 id="new-type-heading">{t("tickets.newType")}</h2>
        <Form method="post" {...getFormProps(typeForm)} className="form card">
          <input type="hidden" name="intent" value="createType" />
          <Field label={t("tickets.fields.nameLabel")} id={typeFields.name.id} errors={typeFields.name.errors}>
            <input {...getInputProps(typeFields.name, { type: "text" })} />
          </Field>
          <Field label={t("tickets.fields.grantsLabel")} id={typeFields.grants.id} errors={typeFields.grants.errors}>
            <textarea {...getTextareaProps(typeFields.grants)} rows={3} />
          </Field>
          <Field
            label={t("tickets.fields.validDays")}
            id={typeFields.validDays.id}
            errors={typeFields.validDays.errors}
            hint={t("tickets.validDaysHint")}
          >
            <input {...getInputProps(typeFields.validDays, { type: "text" })} inputMode="numeric" />
          </Field>
          <Field label={t("tickets.fields.price")} id={typeFields.price.id} errors={typeFields.price.errors} hint={t("tickets.priceHint")}>
            <input {...getInputProps(typeFields.price, { type: "text" })} inputMode="numeric" />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {t("tickets.create")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
