import { useSearchParams } from "@remix-run/react";
import { isPaymentType } from "../../../server/domain/coin-payment";
import { Launch } from "./payment-launchers";

/**
 * `?payExpired=1` → page 20; `?paymentPage=2|3&paymentType=&coinPayment=` → the cart again at
 * that page (spec §4: the return path and page 3 are saved before going to register a card).
 */
export default function PaymentFromQuery() {
  const [params] = useSearchParams();
  if (params.get("payExpired") === "1") return <Launch start={{ kind: "expired" }} />;
  const page = params.get("paymentPage");
  if (page !== "2" && page !== "3") return null;
  const rawType = params.get("paymentType");
  const type = rawType === null ? Number.NaN : Number(rawType);
  return (
    <Launch
      start={{
        kind: "resume",
        page: page === "3" ? 3 : 2,
        paymentType: isPaymentType(type) ? type : null,
        coinPayment: params.get("coinPayment") ?? "0",
      }}
    />
  );
}
