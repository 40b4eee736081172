import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { FormActions } from "~/components/form/form-actions";
import { PublishChoice } from "~/components/form/publish-choice";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { PRODUCT_LIMITS, productSchema } from "../../../server/domain/products";
import { toJstInput } from "../../../server/domain/jst-time";

export type ProductFormValues = {
  title: string;
  description: string;
  price: number;
  kind: "physical" | "digital";
  stock: number | null;
  saleStartAt: number | null;
  saleEndAt: number | null;
  published: boolean;
};

/** The form of /me/fanclub/products/new and /{id}/edit (sale times entered in Japan time). */
export function ProductForm(props: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  product?: ProductFormValues;
  submitLabel: string;
}) {
  const { t } = useTranslation("products");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => productSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult, { id: "product" });
  const p = props.product;
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field
        label={t("fields.title")}
        id={fields.title.id}
        errors={fields.title.errors}
        hint={t("hints.max", { max: PRODUCT_LIMITS.title })}
      >
        <input {...getInputProps(fields.title, { type: "text" })} defaultValue={p?.title} />
      </Field>
      <Field label={t("fields.kind")} id={fields.kind.id} errors={fields.kind.errors}>
        <select {...getSelectProps(fields.kind)} defaultValue={p?.kind ?? "digital"}>
          <option value="digital">{t("kind.digital")}</option>
          <option value="physical">{t("kind.physical")}</option>
        </select>
      </Field>
      <Field label={t("fields.price")} id={fields.price.id} errors={fields.price.errors} hint={t("hints.price")}>
        <div className="input-suffix">
          <input {...getInputProps(fields.price, { type: "text" })} defaultValue={p?.price ?? ""} inputMode="numeric" />
          <span>{t("yen")}</span>
        </div>
      </Field>
      <Field label={t("fields.stock")} id={fields.stock.id} errors={fields.stock.errors} hint={t("hints.stock")}>
        <input {...getInputProps(fields.stock, { type: "text" })} defaultValue={p?.stock ?? ""} inputMode="numeric" />
      </Field>
      <Field label={t("fields.saleStartAt")} id={fields.saleStartAt.id} errors={fields.saleStartAt.errors} hint={t("hints.sale")}>
        <input {...getInputProps(fields.saleStartAt, { type: "datetime-local" })} defaultValue={toJstInput(p?.saleStartAt ?? null)} />
      </Field>
      <Field label={t("fields.saleEndAt")} id={fields.saleEndAt.id} errors={fields.saleEndAt.errors} hint={t("hints.sale")}>
        <input {...getInputProps(fields.saleEndAt, { type: "datetime-local" })} defaultValue={toJstInput(p?.saleEndAt ?? null)} />
      </Field>
      <Field
        label={t("fields.description")}
        id={fields.description.id}
        errors={fields.description.errors}
        hint={t("hints.max", { max: PRODUCT_LIMITS.description })}
      >
        <textarea {...getTextareaProps(fields.description)} defaultValue={p?.description} rows={6} />
      </Field>
      <PublishChoice
        field={fields.publish}
        label={t("fields.publish")}
        initiallyPublished={p?.published ?? false}
        publishedHint={t("hints.publish")}
      />
      <FormActions backHref="/me/fanclub/products" backLabel={t("creator.back")} submitLabel={props.submitLabel} />
    </Form>
  );
}
