import { describe, expect, it } from "vitest";
import { translatorFor } from "../../server/i18n";
import {
  HOLDER_NAME_MAX,
  bankAccountSchema,
  codeListKana,
  maskAccountNumber,
  searchFold,
  toTransferKana,
} from "../../server/domain/bank-account";

const ja = translatorFor("ja", "payouts");
const en = translatorFor("en", "payouts");

const valid = { bankCode: "0001", branchCode: "001", accountType: "ordinary", accountNumber: "1234567", holderName: "ホシノ アカリ" };

/** The first message the schema gives for one field, or null when the form passes. */
function messageFor(t: typeof ja, input: Record<string, unknown>, field: string): string | null {
  const parsed = bankAccountSchema(t).safeParse(input);
  if (parsed.success) return null;
  return parsed.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

describe("holder names in the form bank transfers carry", () => {
  it("turns full-width katakana into half-width, voiced marks as their own character", () => {
    expect(toTransferKana("ホシノ アカリ")).toEqual({ ok: true, value: "ﾎｼﾉ ｱｶﾘ" });
    expect(toTransferKana("ガンダ パピプ")).toEqual({ ok: true, value: "ｶﾞﾝﾀﾞ ﾊﾟﾋﾟﾌﾟ" });
  });

  it("reads hiragana as katakana", () => {
    expect(toTransferKana("さくらい れん")).toEqual({ ok: true, value: "ｻｸﾗｲ ﾚﾝ" });
  });

  it("makes small kana full size, as banks register names", () => {
    expect(toTransferKana("ショウジ キャッツ")).toEqual({ ok: true, value: "ｼﾖｳｼﾞ ｷﾔﾂﾂ" });
  });

  it("writes the long vowel mark as a hyphen, and ヲ as オ", () => {
    expect(toTransferKana("ルーシー ヲノ")).toEqual({ ok: true, value: "ﾙ-ｼ- ｵﾉ" });
  });

  it("accepts half-width input as it is, and upper-cases Latin letters and full-width ones", () => {
    expect(toTransferKana("ﾎｼﾉ ｱｶﾘ")).toEqual({ ok: true, value: "ﾎｼﾉ ｱｶﾘ" });
    expect(toTransferKana("ｋａｂｕ) abc")).toEqual({ ok: true, value: "KABU) ABC" });
  });

  it("folds runs of full-width and half-width spaces into one and trims the ends", () => {
    expect(toTransferKana("　ホシノ　　アカリ ")).toEqual({ ok: true, value: "ﾎｼﾉ ｱｶﾘ" });
  });

  it("refuses kanji and other letters: banks match the kana reading", () => {
    expect(toTransferKana("星野あかり")).toMatchObject({ ok: false, reason: "characters" });
    expect(toTransferKana("ホシノ✨")).toMatchObject({ ok: false, reason: "characters" });
  });

  it("refuses an empty name", () => {
    expect(toTransferKana("  　")).toMatchObject({ ok: false, reason: "empty" });
  });

  it("counts the converted length: a voiced kana takes two of the 30 characters", () => {
    const fifteenVoiced = "ガ".repeat(15);
    expect(toTransferKana(fifteenVoiced)).toEqual({ ok: true, value: "ｶﾞ".repeat(15) });
    expect(toTransferKana(`${fifteenVoiced}ア`)).toMatchObject({ ok: false, reason: "tooLong" });
    expect(HOLDER_NAME_MAX).toBe(30);
  });
});

describe("bank and branch readings from the code lists", () => {
  it("become transfer-file characters, full-width symbols included", () => {
    expect(codeListKana("ミツビシユ－エフジエイ")).toBe("ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ");
    expect(codeListKana("トウキヨウ")).toBe("ﾄｳｷﾖｳ");
    // a character outside the set is dropped: bank names are optional in the file
    expect(codeListKana("アイ＆エス")).toBe("ｱｲｴｽ");
  });
});

describe("search folding", () => {
  it("meets the code lists' spelling whatever people type", () => {
    expect(searchFold("とうきょう")).toBe(searchFold("トウキヨウ"));
    expect(searchFold("ＵＦＪ")).toBe("ufj");
    expect(searchFold(" ﾐｽﾞﾎ ")).toBe("ミズホ");
  });
});

describe("masking", () => {
  it("shows only the last three digits", () => {
    expect(maskAccountNumber("1234567")).toBe("****567");
    expect(maskAccountNumber("0000001")).toBe("****001");
  });
});

describe("the bank account form", () => {
  it("accepts a valid account and stores the holder in half-width kana", () => {
    const parsed = bankAccountSchema(ja).parse(valid);
    expect(parsed).toEqual({ ...valid, holderName: "ﾎｼﾉ ｱｶﾘ" });
  });

  it("answers full-width digits with their own message, in the reader's language", () => {
    expect(messageFor(ja, { ...valid, accountNumber: "１２３４５６７" }, "accountNumber")).toBe(ja("bank.errors.fullWidthDigits"));
    expect(messageFor(en, { ...valid, bankCode: "０００１" }, "bankCode")).toBe(
      "Full-width digits cannot be used. Enter half-width digits.",
    );
  });

  it("answers malformed codes: letters, wrong lengths, nothing", () => {
    expect(messageFor(ja, { ...valid, bankCode: "00A1" }, "bankCode")).toBe(ja("bank.errors.digitsOnly"));
    expect(messageFor(ja, { ...valid, bankCode: "001" }, "bankCode")).toBe(ja("bank.errors.digitsLength", { length: 4 }));
    expect(messageFor(ja, { ...valid, branchCode: "0001" }, "branchCode")).toBe(ja("bank.errors.digitsLength", { length: 3 }));
    expect(messageFor(ja, { ...valid, accountNumber: "123456" }, "accountNumber")).toBe(ja("bank.errors.digitsLength", { length: 7 }));
    expect(messageFor(ja, { ...valid, bankCode: "" }, "bankCode")).toBe(ja("bank.errors.bankRequired"));
    expect(messageFor(ja, { ...valid, accountNumber: "-123456" }, "accountNumber")).toBe(ja("bank.errors.digitsOnly"));
  });

  it("answers an unknown account type and a too-long or kanji holder name", () => {
    expect(messageFor(ja, { ...valid, accountType: "checking" }, "accountType")).toBe(ja("bank.errors.accountType"));
    expect(messageFor(ja, { ...valid, holderName: "ア".repeat(31) }, "holderName")).toBe(ja("bank.errors.holderTooLong", { max: 30 }));
    expect(messageFor(ja, { ...valid, holderName: "星野" }, "holderName")).toBe(ja("bank.errors.holderKana"));
    expect(messageFor(ja, { ...valid, holderName: "x".repeat(500) }, "holderName")).toBe(ja("bank.errors.holderTooLong", { max: 30 }));
  });
});
