import { isValidInvoiceNumber } from "../../domain/fanclub-rules";
import type { InvoiceIssuer } from "../../domain/invoice";
import type { Env } from "../../env";

/**
 * The platform operator as the issuer of its invoices, from [vars]. A qualified invoice without
 * a valid registration number is not one, so a deployment that has not set it fails loudly here
 * instead of handing creators a document they cannot use.
 */
export function invoiceIssuerFrom(
  env: Pick<Env, "PLATFORM_OPERATOR_NAME" | "PLATFORM_OPERATOR_ADDRESS" | "PLATFORM_INVOICE_NUMBER">,
): InvoiceIssuer {
  const name = env.PLATFORM_OPERATOR_NAME.trim();
  const registrationNumber = env.PLATFORM_INVOICE_NUMBER.normalize("NFKC").trim().toUpperCase();
  if (!name || name.startsWith("REPLACE_")) throw new Error("PLATFORM_OPERATOR_NAME must name the platform operator");
  if (!isValidInvoiceNumber(registrationNumber))
    throw new Error("PLATFORM_INVOICE_NUMBER must be the operator's registration number (T + 13 digits)");
  const address = env.PLATFORM_OPERATOR_ADDRESS.trim();
  return { name, registrationNumber, address: address && !address.startsWith("REPLACE_") ? address : null };
}
