import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { useToast } from "~/components/feedback/toast";
import { Field } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { invoiceNumberSchema } from "../../../server/domain/fanclub-profile";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { loadProfile, setInvoiceNumber } from "../../../server/services/fanclubs";

export const handle = { i18n: ["common", "creator", "invoices"], breadcrumb: () => ({ label: "creator:invoice.title" }) };
export const clientLoader = withNamespaces(["creator", "invoices"]);

/** /me/fanclub/invoice_number: the qualified invoice issuer number (T + 13 digits, check digit). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "editProfile");
  const profile = await loadProfile(app.db, op.fanclubId);
  return { title: translatorFor(app.locale, "creator")("invoice.title"), invoiceNumber: profile?.invoiceNumber ?? "" };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "editProfile");
  const submission = parseWithZod(await request.formData(), { schema: invoiceNumberSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 400 });
  await setInvoiceNumber(app.db, op.fanclubId, submission.value.invoiceNumber, Date.now());
  return { result: submission.reply(), saved: true };
}

export default function InvoiceNumber() {
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const { t: tv } = useTranslation("invoices");
  const { invoiceNumber } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const schema = useMemo(() => invoiceNumberSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, actionData?.result);
  useEffect(() => {
    if (actionData?.saved) toast.show(t("invoice.saved"), "success");
  }, [actionData, toast, t]);
  return (
    <div className="page narrow">
      <h1>{t("invoice.title")}</h1>
      <p>{t("invoice.lead")}</p>
      <p>
        {/* the platform's invoices to the creator, on which this number is printed */}
        <Link to="/me/fanclub/sales/invoices">{tv("list.title")}</Link>
      </p>
      <Form method="post" {...getFormProps(form)} className="form card">
        <Field label={t("invoice.field")} id={fields.invoiceNumber.id} errors={fields.invoiceNumber.errors} hint={t("invoice.hint")}>
          <input
            {...getInputProps(fields.invoiceNumber, { type: "text" })}
            defaultValue={invoiceNumber}
            placeholder="T1234567890123"
            inputMode="text"
            autoCapitalize="characters"
          />
        </Field>
        <div className="form-actions">
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("invoice.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
