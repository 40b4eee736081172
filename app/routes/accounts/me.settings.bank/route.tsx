import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { CodeSearch } from "~/components/payouts/code-search";
import { Field, FormErrors } from "~/components/form/field";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { ACCOUNT_TYPE_KEYS, HOLDER_NAME_MAX, bankAccountSchema } from "../../../../server/domain/bank-account";
import { bankRefusal } from "../../../../server/http/payout-messages";
import { requireUser } from "../../../../server/http/require-user";
import { translatorFor } from "../../../../server/i18n";
import {
  deleteBankAccount,
  getBankAccount,
  hasTransferInProgress,
  saveBankAccount,
} from "../../../../server/services/payouts/bank-accounts";

export const handle = { i18n: ["common", "payouts"], breadcrumb: () => ({ label: "payouts:bank.title" }) };
export const clientLoader = withNamespaces(["payouts"]);

/**
 * /me/settings/bank: the account payouts and refunds go to. Its owner sees the full number here
 * (and only here); while a transfer is on its way the account is locked, and the page says why.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const [row, locked] = await Promise.all([getBankAccount(app.db, user.id), hasTransferInProgress(app.db, user.id)]);
  return {
    title: translatorFor(app.locale, "payouts")("bank.title"),
    locked,
    account: row
      ? {
          bankCode: row.bankCode,
          bankName: row.bankName,
          branchCode: row.branchCode,
          branchName: row.branchName,
          accountType: row.accountType,
          accountNumber: row.accountNumber,
          holderName: row.holderName,
        }
      : null,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "payouts");
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const done = await deleteBankAccount(app.db, user.id);
    if (!done.ok)
      return data(
        { result: null, saved: false, deleted: false, error: t("bank.errors.locked") },
        { status: done.reason === "locked" ? 409 : 404 },
      );
    return { result: null, saved: false, deleted: true, error: null };
  }
  const submission = parseWithZod(formData, { schema: bankAccountSchema(t) });
  if (submission.status !== "success")
    return data({ result: submission.reply(), saved: false, deleted: false, error: null }, { status: 400 });
  const saved = await saveBankAccount(app.db, user.id, submission.value, Date.now());
  if (!saved.ok) {
    const r = bankRefusal(t, saved);
    const reply =
      r.target === "base" ? submission.reply({ formErrors: [r.message] }) : submission.reply({ fieldErrors: { [r.target]: [r.message] } });
    return data({ result: reply, saved: false, deleted: false, error: null }, { status: r.status });
  }
  return { result: submission.reply(), saved: true, deleted: false, error: null };
}

export default function BankAccountPage() {
  const { t } = useTranslation("payouts");
  const { account, locked } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => bankAccountSchema(t), [t]);
  const [bankCode, setBankCode] = useState(account?.bankCode ?? "");
  const [branchCode, setBranchCode] = useState(account?.branchCode ?? "");
  const [picked, setPicked] = useState({ bank: account?.bankName ?? "", branch: account?.branchName ?? "" });
  const [form, fields] = useForm({
    id: "bank-account",
    lastResult: actionData?.result ?? undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: account
      ? { accountType: account.accountType, accountNumber: account.accountNumber, holderName: account.holderName }
      : { accountType: "ordinary" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state !== "idle";
  const bankOk = /^\d{4}$/.test(bankCode);

  return (
    <div className="page bank-account-page">
      <h1>{t("bank.title")}</h1>
      <p className="muted">{t("bank.lead")}</p>
      {actionData?.saved ? (
        <p className="flash flash-success" role="status">
          {t("bank.saved")}
        </p>
      ) : null}
      {actionData?.deleted ? (
        <p className="flash flash-success" role="status">
          {t("bank.deleted")}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="flash flash-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {account ? (
        <section className="card" aria-labelledby="bank-current">
          <h2 id="bank-current">{t("bank.current")}</h2>
          <p data-testid="bank-current">
            {account.bankName}（{account.bankCode}） {account.branchName}（{account.branchCode}）
            <br />
            {t(`bank.types.${account.accountType}`)} {account.accountNumber} {account.holderName}
          </p>
        </section>
      ) : null}
      {locked ? (
        <p className="flash flash-muted" role="status" data-testid="bank-locked">
          {t("bank.lockedNotice")}
        </p>
      ) : null}
      <section className="card" aria-labelledby="bank-form-title">
        <h2 id="bank-form-title">{account ? t("bank.editTitle") : t("bank.addTitle")}</h2>
        <Form method="post" {...getFormProps(form)} className="form">
          <fieldset disabled={locked} className="plain-fieldset">
            <FormErrors errors={form.errors} />
            <Field
              label={t("bank.fields.bankCode")}
              errors={fields.bankCode.errors}
              id={fields.bankCode.id}
              hint={picked.bank || t("bank.hints.bankCode")}
            >
              <input
                {...getInputProps(fields.bankCode, { type: "text" })}
                value={bankCode}
                onChange={(e) => {
                  setBankCode(e.target.value);
                  setPicked({ bank: "", branch: "" });
                }}
                inputMode="numeric"
                maxLength={8}
              />
            </Field>
            <CodeSearch
              label={t("bank.searchBank")}
              endpoint="/api/v1/bank_accounts/banks"
              listKey="banks"
              onPick={(b) => {
                setBankCode(b.code);
                setBranchCode("");
                setPicked({ bank: b.name, branch: "" });
              }}
            />
            <Field
              label={t("bank.fields.branchCode")}
              errors={fields.branchCode.errors}
              id={fields.branchCode.id}
              hint={picked.branch || t("bank.hints.branchCode")}
            >
              <input
                {...getInputProps(fields.branchCode, { type: "text" })}
                value={branchCode}
                onChange={(e) => {
                  setBranchCode(e.target.value);
                  setPicked((p) => ({ ...p, branch: "" }));
                }}
                inputMode="numeric"
                maxLength={8}
              />
            </Field>
            <CodeSearch
              label={t("bank.searchBranch")}
              endpoint={bankOk ? `/api/v1/bank_accounts/banks/${bankCode}/branches` : null}
              listKey="branches"
              onPick={(b) => {
                setBranchCode(b.code);
                setPicked((p) => ({ ...p, branch: b.name }));
              }}
            />
            <Field label={t("bank.fields.accountType")} errors={fields.accountType.errors} id={fields.accountType.id}>
              <select {...getSelectProps(fields.accountType)}>
                {ACCOUNT_TYPE_KEYS.map((k) => (
                  <option key={k} value={k}>
                    {t(`bank.types.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={t("bank.fields.accountNumber")}
              errors={fields.accountNumber.errors}
              id={fields.accountNumber.id}
              hint={t("bank.hints.accountNumber")}
            >
              <input {...getInputProps(fields.accountNumber, { type: "text" })} inputMode="numeric" maxLength={16} autoComplete="off" />
            </Field>
            <Field
              label={t("bank.fields.holderName")}
              errors={fields.holderName.errors}
              id={fields.holderName.id}
              hint={t("bank.hints.holderName", { max: HOLDER_NAME_MAX })}
            >
              <input {...getInputProps(fields.holderName, { type: "text" })} autoComplete="off" />
            </Field>
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy || locked}>
                {t("bank.save")}
              </button>
            </div>
          </fieldset>
        </Form>
        {account && !locked ? (
          <Form method="post" className="form-actions">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button-secondary" disabled={busy}>
              {t("bank.delete")}
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
