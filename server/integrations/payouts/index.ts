import { zenginFile, zenginPayerFrom, type ZenginPayer, type ZenginPayerConfig, type ZenginTransfer } from "../../domain/zengin";
import { ACCOUNT_TYPES } from "../../domain/bank-account";

/**
 * How money reaches bank accounts. The platform prepares a period's transfers; a provider turns
 * them into what carries them out. The offline default, and the one Japanese business banking
 * takes, is a Zengin transfer file the operator uploads to the bank's portal; the operator then
 * marks each transfer paid or failed from the bank's result. A provider that sends by API
 * (Stripe Connect payouts, a bank API) would implement the same interface and answer with the
 * transfers it submitted instead of a file.
 */

interface PayoutInstruction {
  transferId: number;
  bankCode: string;
  bankKana: string;
  branchCode: string;
  branchKana: string;
  accountType: keyof typeof ACCOUNT_TYPES;
  accountNumber: string;
  holderName: string;
  /** yen the bank account receives (the payout less its fee) */
  amount: number;
}

interface PayoutBatch {
  period: string;
  /** yyyy-mm-dd: the transfer date the bank is asked for */
  transferDate: string;
  instructions: readonly PayoutInstruction[];
}

export interface PayoutFile {
  filename: string;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
}

export interface PayoutProvider {
  readonly name: string;
  /** What the operator takes to the bank for a batch. */
  file(batch: PayoutBatch): PayoutFile;
}

export function zenginFileProvider(payer: ZenginPayer): PayoutProvider {
  return {
    name: "zengin-file",
    file(batch) {
      const records: ZenginTransfer[] = batch.instructions.map((i) => ({
        bankCode: i.bankCode,
        bankName: i.bankKana,
        branchCode: i.branchCode,
        branchName: i.branchKana,
        accountType: ACCOUNT_TYPES[i.accountType],
        accountNumber: i.accountNumber,
        holderName: i.holderName,
        amount: i.amount,
        reference: String(i.transferId),
      }));
      return {
        filename: `zengin-${batch.period}.txt`,
        contentType: "text/plain; charset=Shift_JIS",
        body: zenginFile(payer, batch.transferDate, records),
      };
    },
  };
}

/**
 * The provider of this deployment: the Zengin file until another one is configured. The payer
 * (the platform's own bank, branch, account and consignor code) comes from [vars], where the
 * bank's letter gives them; they are not secrets.
 */
export function payoutProvider(config: ZenginPayerConfig): PayoutProvider {
  return zenginFileProvider(zenginPayerFrom(config));
}
