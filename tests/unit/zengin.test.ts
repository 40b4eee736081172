import Encoding from "encoding-japanese";
import { describe, expect, it } from "vitest";
import {
  RECORD_LENGTH,
  ZenginFieldError,
  dataRecord,
  endRecord,
  headerRecord,
  trailerRecord,
  zenginFile,
  zenginPayerFrom,
  zenginText,
  ZenginConfigError,
  type ZenginPayer,
  type ZenginPayerConfig,
  type ZenginTransfer,
} from "../../server/domain/zengin";
import { zenginFileProvider } from "../../server/integrations/payouts";

/*
 * The Zengin 総合振込 layout as the bankers' association publishes it (全銀協制定ファイルフォーマット
 * 【総合振込】, reproduced in every bank's EB manual): column positions are 1-based and inclusive.
 * The expectations below are written from that table, field by field, not from the code.
 */
const payer: ZenginPayer = {
  requesterCode: "1234567890",
  requesterName: "ﾌｱﾝｸﾗﾌﾞ(ｶ",
  bankCode: "0001",
  bankName: "ﾐｽﾞﾎ",
  branchCode: "001",
  branchName: "ﾄｳｷﾖｳ",
  accountType: "1",
  accountNumber: "7654321",
};

const transfer: ZenginTransfer = {
  bankCode: "0009",
  bankName: "ﾐﾂｲｽﾐﾄﾓ",
  branchCode: "123",
  branchName: "ｼﾌﾞﾔ",
  accountType: "1",
  accountNumber: "0012345",
  holderName: "ﾎｼﾉ ｱｶﾘ",
  amount: 12670,
  reference: "42",
};

/** Columns `from`–`to` (1-based, inclusive) of a record, as the published tables number them. */
const col = (record: string, from: number, to: number) => record.slice(from - 1, to);

describe("the header record (データ区分 1)", () => {
  const h = headerRecord(payer, "2026-12-25");
  it("is 120 characters with every field where the format puts it", () => {
    expect(h).toHaveLength(120);
    expect(col(h, 1, 1)).toBe("1"); // データ区分
    expect(col(h, 2, 3)).toBe("21"); // 種別コード: 総合振込
    expect(col(h, 4, 4)).toBe("0"); // コード区分: JIS
    expect(col(h, 5, 14)).toBe("1234567890"); // 振込依頼人コード
    expect(col(h, 15, 54)).toBe("ﾌｱﾝｸﾗﾌﾞ(ｶ".padEnd(40, " ")); // 振込依頼人名, left, spaces
    expect(col(h, 55, 58)).toBe("1225"); // 振込指定日 MMDD
    expect(col(h, 59, 62)).toBe("0001"); // 仕向銀行番号
    expect(col(h, 63, 77)).toBe("ﾐｽﾞﾎ".padEnd(15, " ")); // 仕向銀行名
    expect(col(h, 78, 80)).toBe("001"); // 仕向支店番号
    expect(col(h, 81, 95)).toBe("ﾄｳｷﾖｳ".padEnd(15, " ")); // 仕向支店名
    expect(col(h, 96, 96)).toBe("1"); // 預金種目
    expect(col(h, 97, 103)).toBe("7654321"); // 口座番号
    expect(col(h, 104, 120)).toBe(" ".repeat(17)); // ダミー
  });
});

describe("a data record (データ区分 2)", () => {
  const d = dataRecord(transfer);
  it("is 120 characters with every field where the format puts it", () => {
    expect(d).toHaveLength(120);
    expect(col(d, 1, 1)).toBe("2");
    expect(col(d, 2, 5)).toBe("0009"); // 被仕向銀行番号
    expect(col(d, 6, 20)).toBe("ﾐﾂｲｽﾐﾄﾓ".padEnd(15, " ")); // 被仕向銀行名
    expect(col(d, 21, 23)).toBe("123"); // 被仕向支店番号
    expect(col(d, 24, 38)).toBe("ｼﾌﾞﾔ".padEnd(15, " ")); // 被仕向支店名
    expect(col(d, 39, 42)).toBe("0000"); // 手形交換所番号: unused
    expect(col(d, 43, 43)).toBe("1"); // 預金種目
    expect(col(d, 44, 50)).toBe("0012345"); // 口座番号
    expect(col(d, 51, 80)).toBe("ﾎｼﾉ ｱｶﾘ".padEnd(30, " ")); // 受取人名
    expect(col(d, 81, 90)).toBe("0000012670"); // 振込金額, right, zeros
    expect(col(d, 91, 91)).toBe("0"); // 新規コード
    expect(col(d, 92, 101)).toBe("0000000042"); // 顧客コード1
    expect(col(d, 102, 111)).toBe("0000000000"); // 顧客コード2
    expect(col(d, 112, 112)).toBe("7"); // 振込指定区分: 電信
    expect(col(d, 113, 113)).toBe(" "); // 識別表示
    expect(col(d, 114, 120)).toBe(" ".repeat(7)); // ダミー
  });

  it("cuts a bank or branch name longer than 15 (they are optional), never a holder name", () => {
    expect(col(dataRecord({ ...transfer, branchName: "ﾏﾙﾉｳﾁﾁﾕｳｵｳｴｷﾏｴﾃﾞﾝ" }), 24, 38)).toBe("ﾏﾙﾉｳﾁﾁﾕｳｵｳｴｷﾏｴﾃ");
    expect(() => dataRecord({ ...transfer, holderName: "ｱ".repeat(31) })).toThrow(ZenginFieldError);
  });

  it("refuses what would shift the columns: wide characters, long numbers, no amount", () => {
    expect(() => dataRecord({ ...transfer, holderName: "ホシノ" })).toThrow(ZenginFieldError);
    expect(() => dataRecord({ ...transfer, amount: 0 })).toThrow(ZenginFieldError);
    expect(() => dataRecord({ ...transfer, amount: 12.5 })).toThrow(ZenginFieldError);
    expect(() => dataRecord({ ...transfer, amount: 10_000_000_000 })).toThrow(ZenginFieldError);
    expect(() => dataRecord({ ...transfer, accountNumber: "12345678" })).toThrow(ZenginFieldError);
  });
});

describe("the trailer (8) and end (9) records", () => {
  it("carry the count and the total, then nothing", () => {
    const t = trailerRecord(2, 25340);
    expect(t).toHaveLength(120);
    expect(col(t, 1, 1)).toBe("8");
    expect(col(t, 2, 7)).toBe("000002"); // 合計件数
    expect(col(t, 8, 19)).toBe("000000025340"); // 合計金額
    expect(col(t, 20, 120)).toBe(" ".repeat(101));
    const e = endRecord();
    expect(e).toHaveLength(120);
    expect(e).toBe(`9${" ".repeat(119)}`);
  });
});

describe("the file", () => {
  const transfers = [transfer, { ...transfer, accountNumber: "7777777", holderName: "ｻｸﾗｲ ﾚﾝ", amount: 12670, reference: "43" }];

  it("is header, data, trailer, end, each 120 characters and CRLF", () => {
    const text = zenginText(payer, "2026-12-25", transfers);
    const lines = text.split("\r\n");
    expect(lines.pop()).toBe("");
    expect(lines.map((l) => l[0])).toEqual(["1", "2", "2", "8", "9"]);
    for (const l of lines) expect(l).toHaveLength(RECORD_LENGTH);
    expect(col(lines[3]!, 2, 7)).toBe("000002");
    expect(col(lines[3]!, 8, 19)).toBe("000000025340");
  });

  it("is Shift_JIS with one byte per character: 122 bytes a line, half-width kana as single bytes", () => {
    const bytes = zenginFile(payer, "2026-12-25", transfers);
    expect(bytes.length).toBe(5 * 122);
    // ﾎ is 0xCE in Shift_JIS (JIS X 0201), at column 51 of the first data record
    expect(bytes[122 + 50]).toBe(0xce);
    expect(Encoding.detect(bytes)).toBe("SJIS");
    const back = Encoding.convert(Array.from(bytes), { to: "UNICODE", from: "SJIS", type: "string" });
    expect(back).toBe(zenginText(payer, "2026-12-25", transfers));
  });

  it("can hold no transfers: header, zero trailer, end", () => {
    const lines = zenginText(payer, "2026-12-25", []).split("\r\n");
    expect(lines[1]).toBe(trailerRecord(0, 0));
  });
});

describe("the offline payout provider", () => {
  it("writes a period's instructions as the Zengin file, each transfer's net amount and id", () => {
    const file = zenginFileProvider(payer).file({
      period: "2026-11",
      transferDate: "2026-12-25",
      instructions: [
        {
          transferId: 7,
          bankCode: "0001",
          bankKana: "ﾐｽﾞﾎ",
          branchCode: "001",
          branchKana: "ﾄｳｷﾖｳ",
          accountType: "savings",
          accountNumber: "1234567",
          holderName: "ﾎｼﾉ ｱｶﾘ",
          amount: 19670,
        },
      ],
    });
    expect(file.filename).toBe("zengin-2026-11.txt");
    expect(file.contentType).toBe("text/plain; charset=Shift_JIS");
    const text = Encoding.convert(Array.from(file.body), { to: "UNICODE", from: "SJIS", type: "string" });
    const data = text.split("\r\n")[1]!;
    expect(col(data, 43, 43)).toBe("4"); // 貯蓄
    expect(col(data, 81, 90)).toBe("0000019670");
    expect(col(data, 92, 101)).toBe("0000000007");
  });
});

describe("the header record built from config", () => {
  // as a deployment writes them in [vars]: names as the bank's letter prints them, full-width
  const config: ZenginPayerConfig = {
    PLATFORM_CONSIGNOR_CODE: "9876543210",
    PLATFORM_CONSIGNOR_NAME: "カ）ファンクラブ",
    PLATFORM_BANK_CODE: "0005",
    PLATFORM_BANK_NAME: "ミツビシユーエフジエイ",
    PLATFORM_BRANCH_CODE: "123",
    PLATFORM_BRANCH_NAME: "シブヤ",
    PLATFORM_ACCOUNT_TYPE: "current",
    PLATFORM_ACCOUNT_NUMBER: "0001234",
  };

  it("puts the configured consignor, bank, branch and account where the format says, in half-width kana", () => {
    const h = headerRecord(zenginPayerFrom(config), "2027-01-25");
    expect(h).toHaveLength(120);
    expect(col(h, 5, 14)).toBe("9876543210");
    expect(col(h, 15, 54)).toBe("ｶ)ﾌｱﾝｸﾗﾌﾞ".padEnd(40, " "));
    expect(col(h, 55, 58)).toBe("0125");
    expect(col(h, 59, 62)).toBe("0005");
    expect(col(h, 63, 77)).toBe("ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ".padEnd(15, " "));
    expect(col(h, 78, 80)).toBe("123");
    expect(col(h, 81, 95)).toBe("ｼﾌﾞﾔ".padEnd(15, " "));
    expect(col(h, 96, 96)).toBe("2"); // 当座
    expect(col(h, 97, 103)).toBe("0001234");
  });

  it("is the header of the provider's file", () => {
    const file = zenginFileProvider(zenginPayerFrom(config)).file({ period: "2026-12", transferDate: "2027-01-25", instructions: [] });
    const text = Encoding.convert(Array.from(file.body), { to: "UNICODE", from: "SJIS", type: "string" });
    expect(text.split("\r\n")[0]).toBe(headerRecord(zenginPayerFrom(config), "2027-01-25"));
  });

  it.each([
    ["PLATFORM_CONSIGNOR_CODE", "REPLACE_WITH_CONSIGNOR_CODE"],
    ["PLATFORM_CONSIGNOR_CODE", "12345"],
    ["PLATFORM_CONSIGNOR_NAME", "REPLACE_WITH_CONSIGNOR_NAME_KANA"],
    ["PLATFORM_CONSIGNOR_NAME", "株式会社ファンクラブ"],
    ["PLATFORM_BANK_CODE", "01"],
    ["PLATFORM_BRANCH_CODE", "12a"],
    ["PLATFORM_BRANCH_NAME", ""],
    ["PLATFORM_ACCOUNT_TYPE", "savings"],
    ["PLATFORM_ACCOUNT_NUMBER", "12345678"],
  ] as const)("refuses a deployment whose %s is %j", (key, value) => {
    expect(() => zenginPayerFrom({ ...config, [key]: value })).toThrow(ZenginConfigError);
    expect(() => zenginPayerFrom({ ...config, [key]: value })).toThrow(key);
  });

  it("refuses a consignor name longer than the header's 40 characters", () => {
    expect(() => zenginPayerFrom({ ...config, PLATFORM_CONSIGNOR_NAME: "ア".repeat(41) })).toThrow(/40/);
  });

  it("takes full-width digits in codes as the digits they are", () => {
    expect(zenginPayerFrom({ ...config, PLATFORM_BANK_CODE: "０００５" }).bankCode).toBe("0005");
  });
});
