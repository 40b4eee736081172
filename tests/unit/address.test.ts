import { describe, expect, it } from "vitest";
import { translatorFor } from "../../server/i18n";
import {
  ADDRESS_LIMITS,
  PREFECTURES,
  addressSchema,
  formatPhone,
  formatPostalCode,
  normalizePhone,
  normalizePostalCode,
} from "../../server/domain/address";

describe("prefectures", () => {
  it("lists all 47 once, in JIS order", () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES).size).toBe(47);
    expect(PREFECTURES[0]).toBe("北海道");
    expect(PREFECTURES[12]).toBe("東京都");
    expect(PREFECTURES[25]).toBe("京都府");
    expect(PREFECTURES[26]).toBe("大阪府");
    expect(PREFECTURES[46]).toBe("沖縄県");
  });
});

describe("postal codes", () => {
  it("accepts the ways people type them and keeps 7 digits", () => {
    for (const input of [
      "123-4567",
      "1234567",
      "１２３－４５６７",
      "〒123-4567",
      "〒 １２３ー４５６７",
      " 123‐4567 ",
      "123−4567",
      "123 4567",
    ]) {
      expect(normalizePostalCode(input), input).toBe("1234567");
    }
  });

  it("refuses anything that is not 3 + 4 digits", () => {
    for (const input of ["", "123456", "12345678", "1234-567", "12-34567", "abc-defg", "123-456７8", "123--4567", "〒"]) {
      expect(normalizePostalCode(input), input).toBeNull();
    }
  });

  it("prints with the hyphen", () => {
    expect(formatPostalCode("1500041")).toBe("150-0041");
    expect(formatPostalCode("15")).toBe("15");
  });
});

describe("phone numbers", () => {
  it("drops full-width digits, hyphens, spaces and brackets", () => {
    expect(normalizePhone("090-1234-5678")).toBe("09012345678");
    expect(normalizePhone("０９０－１２３４－５６７８")).toBe("09012345678");
    expect(normalizePhone("03 1234 5678")).toBe("0312345678");
    expect(normalizePhone("03(1234)5678")).toBe("0312345678");
    expect(normalizePhone("0120ー123ー456")).toBe("0120123456");
  });

  it("needs 10 or 11 digits starting with 0", () => {
    for (const input of ["", "123456789", "1234567890", "090123456789", "+81 90-1234-5678", "090-1234-567a", "0"]) {
      expect(normalizePhone(input), input).toBeNull();
    }
  });

  it("prints mobile numbers 3-4-4 and leaves landlines as stored", () => {
    expect(formatPhone("09012345678")).toBe("090-1234-5678");
    expect(formatPhone("0312345678")).toBe("0312345678");
  });
});

describe("address form", () => {
  const t = translatorFor("ja", "address");
  const valid = {
    lastName: "青井",
    firstName: "葵",
    postalCode: "１５０－００４１",
    prefecture: "東京都",
    city: "渋谷区",
    street: "神南1-2-3",
    building: "",
    phone: "090-1234-5678",
  };
  const parse = (v: Record<string, string | undefined>) => addressSchema(t).safeParse({ ...valid, ...v });
  const messages = (v: Record<string, string | undefined>) => {
    const r = parse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it("stores the canonical form", () => {
    const r = parse({ lastName: "　青井　" });
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data).toEqual({
      lastName: "青井",
      firstName: "葵",
      postalCode: "1500041",
      prefecture: "東京都",
      city: "渋谷区",
      street: "神南1-2-3",
      building: null,
      phone: "09012345678",
      isDefault: false,
    });
    expect(parse({ isDefault: "on", building: "神南ビル 101" }).data).toMatchObject({ isDefault: true, building: "神南ビル 101" });
  });

  it("speaks Japanese", () => {
    expect(messages({ lastName: undefined })).toEqual(["姓は必須項目です。"]);
    expect(messages({ firstName: " " })).toEqual(["名は必須項目です。"]);
    expect(messages({ postalCode: undefined })).toEqual(["郵便番号は必須項目です。"]);
    expect(messages({ postalCode: "123-456" })).toEqual(["郵便番号は7桁の数字で入力してください（例：150-0041）。"]);
    expect(messages({ prefecture: undefined })).toEqual(["都道府県は必須項目です。"]);
    expect(messages({ prefecture: "東京" })).toEqual(["選択肢から選んでください。"]);
    expect(messages({ city: undefined })).toEqual(["市区町村は必須項目です。"]);
    expect(messages({ street: "" })).toEqual(["町名・番地は必須項目です。"]);
    expect(messages({ phone: undefined })).toEqual(["電話番号は必須項目です。"]);
    expect(messages({ phone: "12-3456-7890" })).toEqual(["電話番号は0から始まる10桁または11桁の数字で入力してください。"]);
  });

  it("limits lengths, counting characters as people do", () => {
    expect(messages({ lastName: "あ".repeat(ADDRESS_LIMITS.nameMax) })).toEqual([]);
    expect(messages({ lastName: "あ".repeat(21) })).toEqual(["20文字以内で入力してください。"]);
    expect(messages({ firstName: "𠮷".repeat(20) })).toEqual([]);
    expect(messages({ city: "市".repeat(51) })).toEqual(["50文字以内で入力してください。"]);
    expect(messages({ street: "1".repeat(101) })).toEqual(["100文字以内で入力してください。"]);
    expect(messages({ building: "棟".repeat(101) })).toEqual(["100文字以内で入力してください。"]);
  });

  it("speaks the visitor's language", () => {
    const en = addressSchema(translatorFor("en", "address")).safeParse({ ...valid, lastName: undefined, postalCode: "1" });
    expect(en.success ? [] : en.error.issues.map((i) => i.message)).toEqual([
      "Last name is required.",
      "Please enter a 7-digit postal code (e.g. 150-0041).",
    ]);
  });
});
