import { describe, expect, it } from "vitest";
import {
  buttonLabel,
  cleanFileName,
  isOnSale,
  maxQuantity,
  productProblem,
  productSaveProblem,
  productSchema,
  saleState,
  stockLeft,
  type ProductForFan,
} from "../../server/domain/products";

import { translatorFor } from "../../server/i18n";
import { formatJstDateTime, parseJstInput, toJstInput } from "../../server/domain/jst-time";

const jst = (text: string) => Date.parse(`${text}+09:00`);

const published: ProductForFan = {
  status: "published",
  saleStartAt: null,
  saleEndAt: null,
  kind: "physical",
  price: 1500,
  stock: null,
  soldCount: 0,
};
const fan = { following: true, owned: false, hasAddress: true, quantity: 1 };

describe("sale window", () => {
  const window = { status: "published" as const, saleStartAt: jst("2026-05-01T10:00:00"), saleEndAt: jst("2026-05-31T23:59:00") };
  it("opens at the start (inclusive) and closes at the end (exclusive)", () => {
    expect(saleState(window, jst("2026-05-01T09:59:59"))).toBe("before");
    expect(saleState(window, jst("2026-05-01T10:00:00"))).toBe("onSale");
    expect(saleState(window, jst("2026-05-31T23:58:59"))).toBe("onSale");
    expect(saleState(window, jst("2026-05-31T23:59:00"))).toBe("ended");
  });
  it("is always open without bounds, and never for a draft", () => {
    expect(isOnSale({ status: "published", saleStartAt: null, saleEndAt: null }, 0)).toBe(true);
    expect(saleState({ status: "draft", saleStartAt: null, saleEndAt: null }, 0)).toBe("draft");
  });
});

describe("stock", () => {
  it("is unlimited without a stock, else what is left, never below zero", () => {
    expect(stockLeft({ stock: null, soldCount: 99 })).toBeNull();
    expect(stockLeft({ stock: 5, soldCount: 3 })).toBe(2);
    expect(stockLeft({ stock: 5, soldCount: 5 })).toBe(0);
  });
  it("caps one order: one free or digital item, up to 10 physical ones, no more than is left", () => {
    expect(maxQuantity({ ...published, price: 0 })).toBe(1);
    expect(maxQuantity({ ...published, kind: "digital" })).toBe(1);
    expect(maxQuantity(published)).toBe(10);
    expect(maxQuantity({ ...published, stock: 3, soldCount: 1 })).toBe(2);
  });
});

describe("the button (spec §4)", () => {
  it("reads get or buy, with 'follow and' when the fan does not follow", () => {
    expect(buttonLabel({ price: 0 }, true)).toBe("get");
    expect(buttonLabel({ price: 500 }, true)).toBe("buy");
    expect(buttonLabel({ price: 0 }, false)).toBe("followAndGet");
    expect(buttonLabel({ price: 500 }, false)).toBe("followAndBuy");
  });
});

describe("who can have the product now", () => {
  const now = jst("2026-05-10T12:00:00");
  it("needs a published product, following, the sale window and stock", () => {
    expect(productProblem(null, fan, now)).toBe("noProduct");
    expect(productProblem({ ...published, status: "draft" }, fan, now)).toBe("noProduct");
    expect(productProblem(published, { ...fan, following: false }, now)).toBe("followRequired");
    expect(productProblem({ ...published, saleEndAt: jst("2026-05-01T00:00:00") }, fan, now)).toBe("notOnSale");
    expect(productProblem({ ...published, stock: 2, soldCount: 2 }, fan, now)).toBe("soldOut");
    expect(productProblem(published, fan, now)).toBeNull();
  });
  it("gives a free or digital product once per fan; physical paid ones may be bought again", () => {
    expect(productProblem({ ...published, price: 0 }, { ...fan, owned: true }, now)).toBe("alreadyOwned");
    expect(productProblem({ ...published, kind: "digital" }, { ...fan, owned: true }, now)).toBe("alreadyOwned");
    expect(productProblem(published, { ...fan, owned: true }, now)).toBeNull();
  });
  it("needs an address for physical products only, and a quantity within the limits", () => {
    expect(productProblem(published, { ...fan, hasAddress: false }, now)).toBe("addressRequired");
    expect(productProblem({ ...published, kind: "digital" }, { ...fan, hasAddress: false }, now)).toBeNull();
    expect(productProblem(published, { ...fan, quantity: 11 }, now)).toBe("invalidAmount");
    expect(productProblem(published, { ...fan, quantity: 0 }, now)).toBe("invalidAmount");
    expect(productProblem({ ...published, stock: 3, soldCount: 1 }, { ...fan, quantity: 3 }, now)).toBe("soldOut");
  });
});

describe("sale times in Japan time (spec §9 yyyy/MM/dd HH:mm)", () => {
  it("formats and reads back datetime-local values", () => {
    const ms = jst("2026-01-02T03:04:00");
    expect(formatJstDateTime(ms)).toBe("2026/01/02 03:04");
    expect(toJstInput(ms)).toBe("2026-01-02T03:04");
    expect(parseJstInput("2026-01-02T03:04")).toBe(ms);
    expect(parseJstInput("2026/01/02 03:04")).toBe(ms);
    expect(formatJstDateTime(jst("2025-12-31T23:59:00"))).toBe("2025/12/31 23:59");
  });
  it("refuses times that do not exist", () => {
    for (const bad of ["2026-02-30T10:00", "2026-01-01T24:00", "tomorrow", "2026-01-01"]) expect(parseJstInput(bad), bad).toBeNull();
  });
});

describe("the creator's form", () => {
  const t = translatorFor("ja", "products");
  const schema = productSchema(t);
  const valid = {
    title: "アクリルスタンド",
    description: "",
    price: "1,500",
    kind: "physical",
    stock: "20",
    saleStartAt: "",
    saleEndAt: "",
    publish: "on",
  };
  it("reads yen with separators, empty stock as unlimited, empty periods as open", () => {
    const ok = schema.safeParse(valid);
    expect(ok.success && ok.data).toMatchObject({ price: 1500, stock: 20, saleStartAt: null, saleEndAt: null, publish: true });
    const unlimited = schema.safeParse({ ...valid, stock: "", price: "0" });
    expect(unlimited.success && unlimited.data).toMatchObject({ price: 0, stock: null });
  });
  it("says what is wrong in Japanese", () => {
    const messages = (input: Record<string, string>) => {
      const r = schema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(messages({ ...valid, title: "" })).toEqual(["title: 商品名は必須項目です。"]);
    expect(messages({ ...valid, title: "あ".repeat(101) })).toEqual(["title: 100文字以内で入力してください。"]);
    expect(messages({ ...valid, description: "あ".repeat(1001) })).toEqual(["description: 1000文字以内で入力してください。"]);
    expect(messages({ ...valid, price: "-5" })).toEqual(["price: 価格は0〜1,000,000円の整数で入力してください。"]);
    expect(messages({ ...valid, price: "12.5" })).toHaveLength(1);
    expect(messages({ ...valid, stock: "many" })).toEqual(["stock: 在庫数は0〜100,000の整数で入力してください。"]);
    expect(messages({ ...valid, saleStartAt: "2026-05-02T00:00", saleEndAt: "2026-05-01T00:00" })).toEqual([
      "saleEndAt: 販売終了日時は販売開始日時より後にしてください。",
    ]);
    expect(messages({ ...valid, kind: "service" })).toEqual(["kind: 選択肢から選んでください。"]);
  });
  it("refuses stock below what is sold and a digital product published without its file", () => {
    expect(productSaveProblem({ kind: "physical", stock: 2, publish: true }, { soldCount: 3, hasFile: false })).toBe("stockBelowSold");
    expect(productSaveProblem({ kind: "digital", stock: null, publish: true }, { soldCount: 0, hasFile: false })).toBe("fileRequired");
    expect(productSaveProblem({ kind: "digital", stock: null, publish: false }, { soldCount: 0, hasFile: false })).toBeNull();
    expect(productSaveProblem({ kind: "digital", stock: null, publish: true }, { soldCount: 0, hasFile: true })).toBeNull();
  });
});

describe("file names", () => {
  it("keep the base name, drop control characters and quotes, refuse empty ones", () => {
    expect(cleanFileName("C:\\music\\ボイス.zip")).toBe("ボイス.zip");
    expect(cleanFileName('a"b\u0001.pdf')).toBe("ab.pdf");
    expect(cleanFileName("  ")).toBeNull();
  });
});
