import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ImageUpload } from "~/components/creator/image-upload";
import { ProductFileUpload } from "./product-file-upload";
import { ProductForm } from "~/components/products/product-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { PROFILE_IMAGE, mediaUrl } from "../../../../server/domain/images";
import { productSchema } from "../../../../server/domain/products";
import { setFlash } from "../../../../server/http/flash";
import { idParam } from "../../../../server/http/params";
import { requireCreator } from "../../../../server/http/require-creator";
import { translatorFor } from "../../../../server/i18n";
import { getCreatorProduct, updateProduct } from "../../../../server/services/products";

export const handle = { i18n: ["common", "creator", "products"], breadcrumb: () => ({ label: "products:creator.editTitle" }) };
export const clientLoader = withNamespaces(["creator", "products"]);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageProducts");
  const product = await getCreatorProduct(app.db, op.fanclubId, idParam(params.id));
  if (!product) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "products")("creator.editTitle"),
    productId: product.id,
    imageUrl: mediaUrl(product.imageKey),
    file: product.fileKey && product.fileName ? { name: product.fileName, size: product.fileSize ?? 0 } : null,
    product: {
      title: product.title,
      description: product.description,
      price: product.price,
      kind: product.kind,
      stock: product.stock,
      saleStartAt: product.saleStartAt?.getTime() ?? null,
      saleEndAt: product.saleEndAt?.getTime() ?? null,
      published: product.status === "published",
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageProducts");
  const submission = parseWithZod(await request.formData(), { schema: productSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await updateProduct(app.db, op.fanclubId, idParam(params.id), submission.value, Date.now());
  if (!result.ok) {
    if (result.reason === "notFound") throw new Response(null, { status: 404 });
    const t = translatorFor(app.locale, "products");
    const field = result.reason === "stockBelowSold" ? "stock" : "publish";
    return data(
      { result: submission.reply({ fieldErrors: { [field]: [t(`errors.${result.reason}`, { sold: String(result.sold) })] } }) },
      { status: 409 },
    );
  }
  setFlash(app, [{ type: "info", key: "products:creator.updated" }]);
  throw redirect("/me/fanclub/products");
}

export default function EditProduct() {
  const { t } = useTranslation("products");
  const { product, productId, imageUrl, file } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("creator.editTitle")}</h1>
      <section className="card">
        <ImageUpload
          kind="icon"
          endpoint={`/me/fanclub/products/${productId}/image`}
          label={t("fields.image")}
          currentUrl={imageUrl}
          width={PROFILE_IMAGE.icon.width}
          height={PROFILE_IMAGE.icon.height}
        />
        {product.kind === "digital" ? <ProductFileUpload productId={productId} current={file} /> : null}
      </section>
      <ProductForm lastResult={actionData?.result} product={product} submitLabel={t("creator.save")} />
    </div>
  );
}
