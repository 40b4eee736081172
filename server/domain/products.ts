import { z } from "zod";
import type { TFunction } from "../i18n/setup";
import { parseYen } from "./fanclub-profile";
import { PUBLIC_MEDIA_PREFIX } from "./images";
import { parseJstInput } from "./jst-time";
import { formatNumber } from "./number-display";

/**
 * Products (issue 6 purchases; spec §2 /products and the fan club's products tab, §4 page 50):
 * when one is on sale, how many are left, what its button says, how many one order may take, and
 * the creator's form. Pure rules; the services and the cart kind apply them.
 */

export const PRODUCT_LIMITS = {
  /** spec §9 title max */
  title: 100,
  /** spec §9 comment max, used for the description */
  description: 1000,
  priceMax: 1_000_000,
  stockMax: 100_000,
  /** the most of one physical product in one order */
  quantityMax: 10,
  /** a digital product's file, sent through the Worker in one request */
  fileMaxBytes: 20 * 1024 * 1024,
  fileName: 200,
} as const;

export type ProductKind = "physical" | "digital";
type ProductStatus = "draft" | "published";

export type SaleWindow = { status: ProductStatus; saleStartAt: number | null; saleEndAt: number | null };

export type SaleState = "draft" | "before" | "onSale" | "ended";

/** Where the product stands in its sale period; an absent bound is open (the start is inclusive, the end exclusive). */
export function saleState(p: SaleWindow, now: number): SaleState {
  if (p.status !== "published") return "draft";
  if (p.saleStartAt !== null && now < p.saleStartAt) return "before";
  if (p.saleEndAt !== null && now >= p.saleEndAt) return "ended";
  return "onSale";
}

export function isOnSale(p: SaleWindow, now: number): boolean {
  return saleState(p, now) === "onSale";
}

/** How many are left; null for unlimited stock. */
export function stockLeft(p: { stock: number | null; soldCount: number }): number | null {
  if (p.stock === null) return null;
  return Math.max(0, p.stock - p.soldCount);
}

function isSoldOut(p: { stock: number | null; soldCount: number }): boolean {
  return stockLeft(p) === 0;
}

export type ButtonLabel = "get" | "buy" | "followAndGet" | "followAndBuy";

/** spec §4: 'get' for a free product, 'buy' for a paid one, prefixed with 'follow and' when the fan does not follow yet. */
export function buttonLabel(p: { price: number }, following: boolean): ButtonLabel {
  const free = p.price === 0;
  if (following) return free ? "get" : "buy";
  return free ? "followAndGet" : "followAndBuy";
}

/**
 * The most one order may take: one of a free or digital product (owning it twice means nothing),
 * up to `quantityMax` of a physical one, never more than is left.
 */
export function maxQuantity(p: { kind: ProductKind; price: number; stock: number | null; soldCount: number }): number {
  const left = stockLeft(p);
  const cap = p.kind === "digital" || p.price === 0 ? 1 : PRODUCT_LIMITS.quantityMax;
  return left === null ? cap : Math.min(cap, left);
}

function isValidQuantity(quantity: number, p: { kind: ProductKind; price: number; stock: number | null; soldCount: number }): boolean {
  return Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= Math.max(1, maxQuantity(p));
}

/** Why the fan cannot have the product now (the cart's problem codes, spec §8 texts), checked in this order. */
export type ProductProblem =
  "noProduct" | "followRequired" | "notOnSale" | "soldOut" | "alreadyOwned" | "addressRequired" | "invalidAmount";

export type ProductForFan = SaleWindow & { kind: ProductKind; price: number; stock: number | null; soldCount: number };

export function productProblem(
  p: ProductForFan | null,
  fan: { following: boolean; owned: boolean; hasAddress: boolean; quantity: number },
  now: number,
): ProductProblem | null {
  if (!p || p.status !== "published") return "noProduct";
  if (!fan.following) return "followRequired";
  if (!isOnSale(p, now)) return "notOnSale";
  if (isSoldOut(p)) return "soldOut";
  // a free product once per fan; a digital file is owned once
  if (fan.owned && (p.price === 0 || p.kind === "digital")) return "alreadyOwned";
  if (p.kind === "physical" && !fan.hasAddress) return "addressRequired";
  if (!isValidQuantity(fan.quantity, p)) {
    const left = stockLeft(p);
    return left !== null && fan.quantity > left ? "soldOut" : "invalidAmount";
  }
  return null;
}

/** Keys that make a product line land once: per purchase attempt, and per fan for free products. */
export const productKeys = {
  order: (purchaseKey: string, productId: number) => `product:${purchaseKey}:${productId}`,
  free: (productId: number, userId: number) => `free-product:${productId}:${userId}`,
};

/** Product images are public like plan icons; digital files are private and only streamed to owners. */
export function productImageKey(fanclubId: number, productId: number, random: string, ext: string): string {
  return `${PUBLIC_MEDIA_PREFIX}fanclubs/${fanclubId}/product-${productId}-${random}.${ext}`;
}

export function productFileKey(fanclubId: number, productId: number, random: string): string {
  return `products/${fanclubId}/${productId}/${random}`;
}

/** A file name as the browser sent it, reduced to something safe in a header and a listing. */
export function cleanFileName(name: string): string | null {
  const base = name.normalize("NFC").split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, "").trim();
  if (!cleaned || [...cleaned].length > PRODUCT_LIMITS.fileName) return null;
  return cleaned;
}

/** A Content-Disposition value that keeps non-ASCII names (RFC 6266 filename*). */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/[\\"]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

// ----- times: sale periods are entered and shown in Japan time (spec §9 yyyy/MM/dd HH:mm): ./jst-time.ts

// ----- the creator's form (/me/fanclub/products/new and /{id}/edit)

const chars = (v: string) => [...v].length;

function wholeNumber(text: string): number | null {
  const digits = text.normalize("NFKC").replace(/[,\s]/g, "");
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

const optionalTime = (t: TFunction) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const ms = parseJstInput(v);
      if (ms === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("products:errors.saleTime") });
        return z.NEVER;
      }
      return ms;
    });

export const productSchema = (t: TFunction) =>
  z
    .object({
      title: z
        .string({ required_error: t("validation.required", { field: t("products:fields.title") }) })
        .trim()
        .min(1, t("validation.required", { field: t("products:fields.title") }))
        .refine((v) => chars(v) <= PRODUCT_LIMITS.title, t("validation.maxLength", { max: PRODUCT_LIMITS.title })),
      description: z
        .string()
        .trim()
        .refine((v) => chars(v) <= PRODUCT_LIMITS.description, t("validation.maxLength", { max: PRODUCT_LIMITS.description }))
        .optional()
        .transform((v) => v ?? ""),
      price: z.string({ required_error: t("validation.required", { field: t("products:fields.price") }) }).transform((v, ctx) => {
        const yen = parseYen(v);
        if (yen === null || yen > PRODUCT_LIMITS.priceMax) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: t("products:errors.price", { max: formatNumber(PRODUCT_LIMITS.priceMax) }),
          });
          return z.NEVER;
        }
        return yen;
      }),
      kind: z.enum(["physical", "digital"], { errorMap: () => ({ message: t("validation.choice") }) }),
      stock: z
        .string()
        .optional()
        .transform((v, ctx) => {
          if (!v?.trim()) return null;
          const n = wholeNumber(v);
          if (n === null || n > PRODUCT_LIMITS.stockMax) {
            ctx.addIssue({
              code: z.ZodIssueCode.custom,
              message: t("products:errors.stock", { max: formatNumber(PRODUCT_LIMITS.stockMax) }),
            });
            return z.NEVER;
          }
          return n;
        }),
      saleStartAt: optionalTime(t),
      saleEndAt: optionalTime(t),
      publish: z
        .literal("on")
        .optional()
        .transform((v) => v === "on"),
    })
    .superRefine((v, ctx) => {
      if (v.saleStartAt !== null && v.saleEndAt !== null && v.saleEndAt <= v.saleStartAt) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["saleEndAt"], message: t("products:errors.saleOrder") });
      }
    });

export type ProductInput = z.output<ReturnType<typeof productSchema>>;

/** What saving the form must refuse beyond its fields: stock below what is already sold, a digital product published without its file. */
export type ProductSaveProblem = "stockBelowSold" | "fileRequired";

export function productSaveProblem(
  input: Pick<ProductInput, "kind" | "stock" | "publish">,
  current: { soldCount: number; hasFile: boolean },
): ProductSaveProblem | null {
  if (input.stock !== null && input.stock < current.soldCount) return "stockBelowSold";
  if (input.publish && input.kind === "digital" && !current.hasFile) return "fileRequired";
  return null;
}

/** A file's size as a listing shows it (KB under 1 MB, else MB with one decimal). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")}MB`;
}
