import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { ProductForm } from "~/components/products/product-form";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { productSchema } from "../../../server/domain/products";
import { setFlash } from "../../../server/http/flash";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { createProduct } from "../../../server/services/products";

export const handle = { i18n: ["common", "products"], breadcrumb: () => ({ label: "products:creator.new" }) };
export const clientLoader = withNamespaces(["products"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCreator(context.app, request, "manageProducts");
  return { title: translatorFor(context.app.locale, "products")("creator.new") };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

/** Creates the product; a digital one is published from the edit page once its file is there. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageProducts");
  const submission = parseWithZod(await request.formData(), { schema: productSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await createProduct(app.db, { fanclubId: op.fanclubId, userId: app.user!.id, values: submission.value, now: Date.now() });
  if (!result.ok) {
    const t = translatorFor(app.locale, "products");
    return data(
      {
        result: submission.reply({
          fieldErrors: { publish: [t(`errors.${result.reason}`, { sold: String(result.reason === "notFound" ? 0 : result.sold) })] },
        }),
      },
      { status: 400 },
    );
  }
  setFlash(app, [{ type: "info", key: "products:creator.created" }]);
  throw redirect(`/me/fanclub/products/${result.id}/edit`);
}

export default function NewProduct() {
  const { t } = useTranslation("products");
  const actionData = useActionData<typeof action>();
  return (
    <div className="page narrow">
      <h1>{t("creator.new")}</h1>
      <p className="muted small">{t("hints.saveFirst")}</p>
      <ProductForm lastResult={actionData?.result} submitLabel={t("creator.create")} />
    </div>
  );
}
