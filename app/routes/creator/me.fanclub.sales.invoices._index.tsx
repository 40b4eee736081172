import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InvoiceLinks } from "~/components/invoices/invoice-links";
import { withNamespaces } from "~/lib/i18n";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { invoiceMonths } from "../../../server/services/invoices/monthly";

export const handle = { i18n: ["common", "invoices"], breadcrumb: () => ({ label: "invoices:list.title" }) };
export const clientLoader = withNamespaces(["invoices"]);

/**
 * /me/fanclub/sales/invoices: the closed months whose qualified invoice and sales statement the
 * owner can download (the same list the sales page can show with <InvoiceLinks>).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "viewSales");
  const months = await invoiceMonths(app.db, op.fanclubId, Date.now());
  return { title: translatorFor(app.locale, "invoices")("list.title"), months };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function Invoices() {
  const { months } = useLoaderData<typeof loader>();
  return (
    <div className="page narrow">
      <InvoiceLinks heading="h1" months={months} hrefOf={(month) => `/me/fanclub/sales/invoices/${month}.pdf`} />
    </div>
  );
}
