import type { TFunction } from "../i18n/setup";
import { formatYen } from "../domain/number-display";
import type { RequestPayoutResult } from "../services/payouts/payouts";
import type { SaveBankAccountResult } from "../services/payouts/bank-accounts";
import type { ApplyRefundResult } from "../services/payouts/refunds";

/**
 * What money-out refusals say, shared by the pages and the API so both say the same thing, with
 * the HTTP status each answers with.
 */

type Refusal<T> = Extract<T, { ok: false }>;

export function bankRefusal(t: TFunction, r: Refusal<SaveBankAccountResult>): { status: 400 | 409; message: string; target: string } {
  switch (r.reason) {
    case "unknownBank":
      return { status: 400, message: t("payouts:bank.errors.unknownBank"), target: "bankCode" };
    case "unknownBranch":
      return { status: 400, message: t("payouts:bank.errors.unknownBranch"), target: "branchCode" };
    case "locked":
      return { status: 409, message: t("payouts:bank.errors.locked"), target: "base" };
  }
}

export function payoutRefusal(t: TFunction, r: Refusal<RequestPayoutResult>): { status: 400 | 409; message: string } {
  switch (r.reason) {
    case "noBankAccount":
      return { status: 409, message: t("payouts:request.errors.noBankAccount") };
    case "alreadyRequested":
      return { status: 409, message: t("payouts:request.errors.alreadyRequested") };
    case "invalid":
      return { status: 400, message: t("payouts:request.errors.invalid") };
    case "tooLarge":
    case "aboveBalance":
      return { status: 400, message: t("payouts:request.errors.aboveBalance", { balance: formatYen(r.balance) }) };
    case "belowMinimum":
      return { status: 400, message: t("payouts:request.errors.belowMinimum", { minimum: formatYen(r.minimum) }) };
  }
}

export function refundRefusal(t: TFunction, r: Refusal<ApplyRefundResult>): { status: 404 | 409; message: string } {
  switch (r.reason) {
    case "notFound":
      return { status: 404, message: t("api.notFound") };
    case "notOwed":
      return { status: 409, message: t("payouts:refunds.errors.notOwed") };
    case "noBankAccount":
      return { status: 409, message: t("payouts:refunds.errors.noBankAccount") };
  }
}
