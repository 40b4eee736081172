import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { CategorySelect } from "~/components/fanclub/category-select";
import { ImageUpload } from "~/components/creator/image-upload";
import { useToast } from "~/components/feedback/toast";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { PROFILE_LIMITS, profileSchema } from "../../../server/domain/fanclub-profile";
import { PROFILE_IMAGE, mediaUrl } from "../../../server/domain/images";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { loadProfile, updateProfile } from "../../../server/services/fanclubs";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "creator:edit.title" }) };
export const clientLoader = withNamespaces(["creator"]);

const LAW_FIELDS = ["lawPrice", "lawPaymentMethod", "lawPaymentTime", "lawDeliveryTime", "lawContract", "lawContact"] as const;

/** /me/fanclub/edit: the fan club's public profile (owner only, spec §6). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "editProfile");
  const profile = await loadProfile(app.db, op.fanclubId);
  if (!profile) throw new Response(null, { status: 404 });
  return {
    title: translatorFor(app.locale, "creator")("edit.title"),
    profile: {
      id: profile.id,
      name: profile.name,
      creatorName: profile.creatorName,
      uniquePath: profile.uniquePath ?? "",
      description: profile.description,
      introduction: profile.introduction,
      links: profile.externalLinks,
      tags: profile.tags.join(", "),
      category: profile.category,
      displayMemberCount: profile.displayMemberCount,
      displaySchedule: profile.displaySchedule,
      ...Object.fromEntries(LAW_FIELDS.map((f) => [f, profile[f]])),
      iconUrl: mediaUrl(profile.iconKey),
      headerUrl: mediaUrl(profile.headerKey),
      neverSaved: profile.profileEditedAt === null,
    } as Record<(typeof LAW_FIELDS)[number], string> & {
      id: number;
      name: string;
      creatorName: string;
      uniquePath: string;
      description: string;
      introduction: string;
      links: { label: string; url: string }[];
      tags: string;
      category: string;
      displayMemberCount: boolean;
      displaySchedule: boolean;
      iconUrl: string | null;
      headerUrl: string | null;
      neverSaved: boolean;
    },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "editProfile");
  const submission = parseWithZod(await request.formData(), { schema: profileSchema(app.t) });
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 400 });
  const saved = await updateProfile(app.db, op.fanclubId, submission.value, Date.now());
  if (!saved.ok) {
    const t = translatorFor(app.locale, "creator");
    if (saved.reason === "pathTaken")
      return data({ result: submission.reply({ fieldErrors: { uniquePath: [t("errors.pathTaken")] } }), saved: false }, { status: 409 });
    throw new Response(null, { status: 404 });
  }
  return { result: submission.reply(), saved: true };
}

export default function EditFanclub() {
  const { t } = useTranslation("creator");
  const { t: tc } = useTranslation("common");
  const { profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  const schema = useMemo(() => profileSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, actionData?.result, { id: "fanclub-profile" });
  useEffect(() => {
    if (actionData?.saved) toast.show(t("edit.saved"), "success");
  }, [actionData, toast, t]);
  const linkRows = [
    ...profile.links,
    ...Array.from({ length: PROFILE_LIMITS.links - profile.links.length }, () => ({ label: "", url: "" })),
  ];
  const linkErrors = (i: number) => (form.allErrors[`links[${i}].url`] ?? []).concat(form.allErrors[`links[${i}].label`] ?? []);

  return (
    <div className="page narrow creator-edit">
      <h1>{t("edit.title")}</h1>
      {profile.neverSaved ? <p className="flash flash-warn">{t("edit.firstTime")}</p> : null}
      <section className="card">
        <h2>{t("images.title")}</h2>
        <ImageUpload
          kind="icon"
          endpoint="/me/fanclub/images/icon"
          label={t("images.icon")}
          currentUrl={profile.iconUrl}
          width={PROFILE_IMAGE.icon.width}
          height={PROFILE_IMAGE.icon.height}
        />
        <ImageUpload
          kind="header"
          endpoint="/me/fanclub/images/header"
          label={t("images.header")}
          currentUrl={profile.headerUrl}
          width={PROFILE_IMAGE.header.width}
          height={PROFILE_IMAGE.header.height}
        />
      </section>
      <Form method="post" {...getFormProps(form)} className="form card">
        <FormErrors errors={form.errors} />
        <Field label={t("fields.name")} id={fields.name.id} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} defaultValue={profile.name} />
        </Field>
        <Field label={t("fields.creatorName")} id={fields.creatorName.id} errors={fields.creatorName.errors}>
          <input {...getInputProps(fields.creatorName, { type: "text" })} defaultValue={profile.creatorName} />
        </Field>
        <Field label={t("fields.uniquePath")} id={fields.uniquePath.id} errors={fields.uniquePath.errors} hint={t("hints.uniquePath")}>
          <div className="input-prefix">
            <span aria-hidden="true">/@</span>
            <input
              {...getInputProps(fields.uniquePath, { type: "text" })}
              defaultValue={profile.uniquePath}
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
        </Field>
        <Field
          label={t("fields.description")}
          id={fields.description.id}
          errors={fields.description.errors}
          hint={t("hints.max", { max: PROFILE_LIMITS.description })}
        >
          <textarea {...getTextareaProps(fields.description)} defaultValue={profile.description} rows={3} />
        </Field>
        <Field
          label={t("fields.introduction")}
          id={fields.introduction.id}
          errors={fields.introduction.errors}
          hint={t("hints.max", { max: PROFILE_LIMITS.introduction })}
        >
          <textarea {...getTextareaProps(fields.introduction)} defaultValue={profile.introduction} rows={8} />
        </Field>
        <fieldset className="fieldset">
          <legend>{t("fields.links")}</legend>
          {linkRows.map((link, i) => (
            <div className="link-row" key={i}>
              <input
                name={`links[${i}].label`}
                defaultValue={link.label}
                placeholder={t("fields.linkLabel")}
                aria-label={`${t("fields.linkLabel")} ${i + 1}`}
              />
              <input
                name={`links[${i}].url`}
                type="url"
                defaultValue={link.url}
                placeholder="https://"
                aria-label={`${t("fields.linkUrl")} ${i + 1}`}
              />
              {linkErrors(i).length ? <p className="field-errors">{linkErrors(i)[0]}</p> : null}
            </div>
          ))}
        </fieldset>
        <Field
          label={t("fields.tags")}
          id={fields.tags.id}
          errors={fields.tags.errors}
          hint={t("hints.tags", { max: PROFILE_LIMITS.tags })}
        >
          <input {...getInputProps(fields.tags, { type: "text" })} defaultValue={profile.tags} />
        </Field>
        <Field label={t("fields.category")} id={fields.category.id} errors={fields.category.errors}>
          <CategorySelect {...getSelectProps(fields.category)} defaultValue={profile.category} />
        </Field>
        <label className="checkbox">
          <input {...getInputProps(fields.displayMemberCount, { type: "checkbox" })} defaultChecked={profile.displayMemberCount} />
          <span>{t("fields.displayMemberCount")}</span>
        </label>
        <label className="checkbox">
          <input {...getInputProps(fields.displaySchedule, { type: "checkbox" })} defaultChecked={profile.displaySchedule} />
          <span>{t("fields.displaySchedule")}</span>
        </label>
        {/* /me/fanclub/low/edit (spec §2) lands here */}
        <fieldset className="fieldset" id="law">
          <legend>{t("law.title")}</legend>
          <p className="muted small">{t("law.lead")}</p>
          {LAW_FIELDS.map((name) => (
            <Field key={name} label={t(`law.${name}`)} id={fields[name].id} errors={fields[name].errors}>
              <textarea {...getTextareaProps(fields[name])} defaultValue={profile[name]} rows={2} />
            </Field>
          ))}
        </fieldset>
        <div className="form-actions">
          <a className="button button-secondary" href="/me/fanclub/invoice_number">
            {t("invoice.title")}
          </a>
          <button type="submit" className="button" disabled={navigation.state !== "idle"}>
            {t("edit.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
