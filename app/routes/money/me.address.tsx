import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { z } from "zod";
import { useDialog } from "~/components/feedback/dialog";
import { useToast } from "~/components/feedback/toast";
import { Field, FormErrors } from "~/components/form/field";
import type { TFunction } from "../../../server/i18n/setup";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { safeReturnUrl } from "../../../server/domain/return-path";
import { knownOrigins } from "../../../server/services/sign-in";
import { ADDRESS_LIMITS, PREFECTURES, addressSchema, formatPhone, formatPostalCode } from "../../../server/domain/address";
import { translatorFor } from "../../../server/i18n";
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from "../../../server/services/addresses";

export const handle = {
  i18n: ["common", "address"],
  breadcrumb: () => ({ label: "address:title" }),
};
export const clientLoader = withNamespaces(["address"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  // opened from a purchase (the product dialog): the way back, only ever to one of our hosts
  const returnTo = safeReturnUrl(new URL(request.url).searchParams.get("return"), knownOrigins(context.app));
  const rows = await listAddresses(context.app.db, user.id);
  return {
    title: translatorFor(context.app.locale, "address")("title"),
    limit: ADDRESS_LIMITS.perUser,
    returnTo,
    addresses: rows.map((r) => ({
      id: r.id,
      lastName: r.lastName,
      firstName: r.firstName,
      postalCode: r.postalCode,
      prefecture: r.prefecture,
      city: r.city,
      street: r.street,
      building: r.building,
      phone: r.phone,
      isDefault: r.isDefault,
    })),
  };
}

type AddressView = Awaited<ReturnType<typeof loader>>["addresses"][number];

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

/** The add form and the edit form are one schema; a present `id` means "edit this one". */
const addressFormSchema = (t: TFunction) =>
  addressSchema(t).extend({
    id: z
      .number({ invalid_type_error: t("validation.format") })
      .int()
      .positive()
      .optional(),
  });

const intentSchema = z.object({ intent: z.enum(["save", "delete", "setDefault"]) });
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** conform form ids: each card being edited has its own form, so a reply reaches only its form */
const NEW_FORM_ID = "address-new";
const editFormId = (id: number) => `address-edit-${id}`;

type Toast = "added" | "updated" | "deleted" | "defaultChanged";

/** One shape for every answer, so the page reads `useActionData` without narrowing per intent. */
interface Reply {
  intent: z.infer<typeof intentSchema>["intent"] | null;
  /** the conform form the result belongs to */
  formId: string | null;
  /** the address whose in-place form must stay open (a failed edit) */
  editId: number | null;
  result: SubmissionResult<string[]> | null;
  done: boolean;
  toast: Toast | null;
  /** why the request was refused: a notice for a refused add, a toast otherwise */
  error: string | null;
}

const reply = (r: Partial<Reply>): Reply => ({
  intent: null,
  formId: null,
  editId: null,
  result: null,
  done: false,
  toast: null,
  error: null,
  ...r,
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const t = translatorFor(app.locale, "address");
  const formData = await request.formData();
  const intent = intentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) return data(reply({}), { status: 400 });
  const now = Date.now();

  switch (intent.data.intent) {
    case "save": {
      const rawId = idSchema.safeParse(formData.get("id") || undefined);
      const editId = rawId.success ? rawId.data : null;
      const formId = editId ? editFormId(editId) : NEW_FORM_ID;
      const submission = parseWithZod(formData, { schema: addressFormSchema(t) });
      if (submission.status !== "success")
        return data(reply({ intent: "save", formId, editId, result: submission.reply() }), { status: 400 });
      const { id, ...input } = submission.value;
      const saved = id ? await updateAddress(app.db, user.id, id, input, now) : await createAddress(app.db, user.id, input, now);
      if (!saved.ok) {
        const message = saved.reason === "limit" ? t("errors.limit", { max: ADDRESS_LIMITS.perUser }) : t("errors.notFound");
        return data(reply({ intent: "save", formId, editId, result: submission.reply({ formErrors: [message] }), error: message }), {
          status: saved.reason === "limit" ? 409 : 404,
        });
      }
      return reply({ intent: "save", formId, result: submission.reply({ resetForm: true }), done: true, toast: id ? "updated" : "added" });
    }
    case "delete":
    case "setDefault": {
      const id = idSchema.safeParse(formData.get("id"));
      if (!id.success) return data(reply({ intent: intent.data.intent, error: t("errors.notFound") }), { status: 400 });
      const done =
        intent.data.intent === "delete"
          ? await deleteAddress(app.db, user.id, id.data, now)
          : await setDefaultAddress(app.db, user.id, id.data, now);
      if (!done.ok) return data(reply({ intent: intent.data.intent, error: t("errors.notFound") }), { status: 404 });
      return reply({ intent: intent.data.intent, done: true, toast: intent.data.intent === "delete" ? "deleted" : "defaultChanged" });
    }
  }
}

export default function AddressBook() {
  const { t } = useTranslation("address");
  const { addresses, limit, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const toast = useToast();
  // the card edited in place; a failed edit (as posted without JavaScript) opens with its errors
  const [editing, setEditing] = useState<number | null>(() => (actionData && !actionData.done ? actionData.editId : null));
  useEffect(() => {
    if (!actionData) return;
    if (actionData.done) {
      setEditing(null);
      const texts: Record<Toast, string> = {
        added: t("toast.added"),
        updated: t("toast.updated"),
        deleted: t("toast.deleted"),
        defaultChanged: t("toast.defaultChanged"),
      };
      if (actionData.toast) toast.show(texts[actionData.toast], "success");
    } else {
      if (actionData.editId) setEditing(actionData.editId);
      // a refused add shows its message where the add form is; the buttons have no form to show it
      // in, and an edited address that is gone has no card left to show it in
      if (actionData.error && actionData.formId !== NEW_FORM_ID) toast.show(actionData.error, "error");
    }
  }, [actionData, toast, t]);
  const full = addresses.length >= limit;
  // an add refused at the limit: the form is gone (the list is full), so its message shows in its place
  const refusedAdd = actionData && !actionData.done && actionData.formId === NEW_FORM_ID ? actionData.error : null;

  return (
    <div className="page address-book">
      <h1>{t("title")}</h1>
      <p className="muted">{t("lead", { max: limit })}</p>
      {returnTo ? (
        <p>
          <a className={addresses.length ? "button" : "button button-secondary"} href={returnTo} data-testid="back-to-purchase">
            {t("backToPurchase")}
          </a>
        </p>
      ) : null}
      <section aria-labelledby="address-list-title">
        <h2 id="address-list-title">
          {t("list.title")} <span className="muted small">{t("list.count", { count: addresses.length, max: limit })}</span>
        </h2>
        {addresses.length === 0 ? (
          <p className="empty-state">{t("list.empty")}</p>
        ) : (
          // `.steps` is the stylesheet's card grid (one column on phones); reused so this page needs no CSS of its own
          <ul className="steps address-list">
            {addresses.map((a) => (
              <li key={a.id} className="address-card">
                {editing === a.id ? (
                  <>
                    <h3>{t("form.editTitle")}</h3>
                    <AddressForm address={a} first={false} onCancel={() => setEditing(null)} />
                  </>
                ) : (
                  <AddressCard address={a} onEdit={() => setEditing(a.id)} />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="address-add-title">
        <h2 id="address-add-title">{t("form.addTitle")}</h2>
        {full ? (
          refusedAdd ? (
            <p className="flash flash-error" role="alert">
              {refusedAdd}
            </p>
          ) : (
            <p className="flash flash-muted">{t("list.limitReached", { max: limit })}</p>
          )
        ) : (
          <AddressForm first={addresses.length === 0} />
        )}
      </section>
    </div>
  );
}

/** "東京都渋谷区神南1-2-3 神南ビル101": written as one string, the way it goes on a label. */
const addressLine = (a: AddressView) => `${a.prefecture}${a.city}${a.street}${a.building ? ` ${a.building}` : ""}`;

function AddressCard({ address: a, onEdit }: { address: AddressView; onEdit: () => void }) {
  const { t } = useTranslation("address");
  const navigation = useNavigation();
  const dialog = useDialog();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const nameId = `address-${a.id}-name`;
  return (
    <>
      <h3 id={nameId}>{t("card.name", { lastName: a.lastName, firstName: a.firstName })}</h3>
      {a.isDefault ? <p className="badge">{t("card.default")}</p> : null}
      <p>
        {t("card.postalCode", { code: formatPostalCode(a.postalCode) })}
        <br />
        {addressLine(a)}
        <br />
        {t("card.phone", { phone: formatPhone(a.phone) })}
      </p>
      <div className="form-actions">
        <button type="button" className="button button-secondary button-small" onClick={onEdit} aria-describedby={nameId}>
          {t("actions.edit")}
        </button>
        {a.isDefault ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="setDefault" />
            <input type="hidden" name="id" value={a.id} />
            <button type="submit" className="button button-secondary button-small" disabled={busy} aria-describedby={nameId}>
              {t("actions.setDefault")}
            </button>
          </Form>
        )}
        <Form
          method="post"
          onSubmit={async (event) => {
            // ask first; without JavaScript the form posts directly
            event.preventDefault();
            const form = event.currentTarget;
            if (await dialog.confirm({ message: t("confirmDelete"), okText: t("actions.delete") })) submit(form);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={a.id} />
          <button type="submit" className="button button-secondary button-small" disabled={busy} aria-describedby={nameId}>
            {t("actions.delete")}
          </button>
        </Form>
      </div>
    </>
  );
}

/** The add form (no `address`) or the in-place edit form of one card. */
function AddressForm({ address, first, onCancel }: { address?: AddressView; first: boolean; onCancel?: () => void }) {
  const { t } = useTranslation("address");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => addressFormSchema(t), [t]);
  const formId = address ? editFormId(address.id) : NEW_FORM_ID;
  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.formId === formId ? actionData.result : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: address
      ? {
          lastName: address.lastName,
          firstName: address.firstName,
          postalCode: formatPostalCode(address.postalCode),
          prefecture: address.prefecture,
          city: address.city,
          street: address.street,
          building: address.building ?? "",
          phone: formatPhone(address.phone),
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state !== "idle";
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <input type="hidden" name="intent" value="save" />
      {address ? <input type="hidden" name="id" value={address.id} /> : null}
      <FormErrors errors={form.errors} />
      <Field label={t("fields.lastName")} errors={fields.lastName.errors} id={fields.lastName.id}>
        <input {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
      </Field>
      <Field label={t("fields.firstName")} errors={fields.firstName.errors} id={fields.firstName.id}>
        <input {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
      </Field>
      {/* type="text" with inputMode: the stylesheet styles text inputs, and the keypad still shows digits */}
      <Field label={t("fields.postalCode")} errors={fields.postalCode.errors} id={fields.postalCode.id} hint={t("hints.postalCode")}>
        <input {...getInputProps(fields.postalCode, { type: "text" })} inputMode="numeric" autoComplete="postal-code" />
      </Field>
      <Field label={t("fields.prefecture")} errors={fields.prefecture.errors} id={fields.prefecture.id}>
        <select {...getSelectProps(fields.prefecture)} autoComplete="address-level1">
          <option value="">{t("form.choosePrefecture")}</option>
          {PREFECTURES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("fields.city")} errors={fields.city.errors} id={fields.city.id} hint={t("hints.city")}>
        <input {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
      </Field>
      <Field label={t("fields.street")} errors={fields.street.errors} id={fields.street.id} hint={t("hints.street")}>
        <input {...getInputProps(fields.street, { type: "text" })} autoComplete="address-line1" />
      </Field>
      <Field label={t("fields.building")} errors={fields.building.errors} id={fields.building.id} hint={t("hints.building")}>
        <input {...getInputProps(fields.building, { type: "text" })} autoComplete="address-line2" />
      </Field>
      <Field label={t("fields.phone")} errors={fields.phone.errors} id={fields.phone.id} hint={t("hints.phone")}>
        <input {...getInputProps(fields.phone, { type: "text" })} inputMode="tel" autoComplete="tel" />
      </Field>
      {first ? (
        <p className="muted small">{t("hints.firstIsDefault")}</p>
      ) : address?.isDefault ? null : (
        // the default stays until another one is chosen, so the current default has no checkbox
        <div className="field field-check">
          <label>
            <input {...getInputProps(fields.isDefault, { type: "checkbox" })} /> {t("fields.isDefault")}
          </label>
        </div>
      )}
      <div className="form-actions">
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t("actions.cancel")}
          </button>
        ) : null}
        <button type="submit" className="button" disabled={busy}>
          {address ? t("actions.save") : t("actions.add")}
        </button>
      </div>
    </Form>
  );
}
