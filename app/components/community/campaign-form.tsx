import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Field, FormErrors } from "~/components/form/field";
import { useZodForm } from "~/lib/forms";
import { useTranslation } from "~/lib/i18n";
import { campaignSchema } from "../../../server/domain/fan-campaigns";

export type CampaignDefaults = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  condition: string;
  rewardKind: string;
  rewardCoins: string;
  rewardPostId: string;
  rewardTicketTypeId: string;
  bannerPostId: string;
};

/** The campaign form of campaigns/new and {id}/edit: the period (JST), the condition and the reward. */
export function CampaignForm(props: {
  defaults: CampaignDefaults;
  choices: { posts: Array<{ id: number; title: string }>; ticketTypes: Array<{ id: number; name: string }> };
  lastResult: SubmissionResult<string[]> | null | undefined;
  submitLabel: string;
}) {
  const { t } = useTranslation("community");
  const { t: tc } = useTranslation("common");
  const schema = useMemo(() => campaignSchema(tc), [tc]);
  const [form, fields] = useZodForm(schema, props.lastResult);
  const busy = useNavigation().state !== "idle";
  const d = props.defaults;
  const postOptions = props.choices.posts.map((p) => (
    <option key={p.id} value={p.id}>
      {p.title}
    </option>
  ));
  return (
    <Form method="post" {...getFormProps(form)} className="form card">
      <FormErrors errors={form.errors} />
      <Field label={t("campaigns.fields.titleLabel")} id={fields.title.id} errors={fields.title.errors}>
        <input {...getInputProps(fields.title, { type: "text" })} defaultValue={d.title} />
      </Field>
      <Field label={t("campaigns.fields.description")} id={fields.description.id} errors={fields.description.errors}>
        <textarea {...getTextareaProps(fields.description)} defaultValue={d.description} rows={3} />
      </Field>
      <Field label={t("campaigns.fields.startsAt")} id={fields.startsAt.id} errors={fields.startsAt.errors} hint={t("jstHint")}>
        <input {...getInputProps(fields.startsAt, { type: "datetime-local" })} defaultValue={d.startsAt} />
      </Field>
      <Field label={t("campaigns.fields.endsAt")} id={fields.endsAt.id} errors={fields.endsAt.errors} hint={t("jstHint")}>
        <input {...getInputProps(fields.endsAt, { type: "datetime-local" })} defaultValue={d.endsAt} />
      </Field>
      <Field label={t("campaigns.fields.condition")} id={fields.condition.id} errors={fields.condition.errors}>
        <select {...getSelectProps(fields.condition)} defaultValue={d.condition}>
          <option value="join_plan">{t("campaigns.conditions.join_plan")}</option>
          <option value="buy_product">{t("campaigns.conditions.buy_product")}</option>
          <option value="tip">{t("campaigns.conditions.tip")}</option>
        </select>
      </Field>
      <Field label={t("campaigns.fields.rewardKind")} id={fields.rewardKind.id} errors={fields.rewardKind.errors}>
        <select {...getSelectProps(fields.rewardKind)} defaultValue={d.rewardKind}>
          <option value="coins">{t("campaigns.rewards.coins")}</option>
          <option value="post">{t("campaigns.rewards.post")}</option>
          <option value="ticket">{t("campaigns.rewards.ticket")}</option>
        </select>
      </Field>
      <Field
        label={t("campaigns.fields.rewardCoins")}
        id={fields.rewardCoins.id}
        errors={fields.rewardCoins.errors}
        hint={t("campaigns.coinsHint")}
      >
        <input {...getInputProps(fields.rewardCoins, { type: "text" })} defaultValue={d.rewardCoins} inputMode="numeric" />
      </Field>
      <Field label={t("campaigns.fields.rewardPost")} id={fields.rewardPostId.id} errors={fields.rewardPostId.errors}>
        <select {...getSelectProps(fields.rewardPostId)} defaultValue={d.rewardPostId}>
          <option value="">{t("choose")}</option>
          {postOptions}
        </select>
      </Field>
      <Field label={t("campaigns.fields.rewardTicket")} id={fields.rewardTicketTypeId.id} errors={fields.rewardTicketTypeId.errors}>
        <select {...getSelectProps(fields.rewardTicketTypeId)} defaultValue={d.rewardTicketTypeId}>
          <option value="">{t("choose")}</option>
          {props.choices.ticketTypes.map((tt) => (
            <option key={tt.id} value={tt.id}>
              {tt.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={t("campaigns.fields.bannerPost")}
        id={fields.bannerPostId.id}
        errors={fields.bannerPostId.errors}
        hint={t("campaigns.bannerHint")}
      >
        <select {...getSelectProps(fields.bannerPostId)} defaultValue={d.bannerPostId}>
          <option value="">{t("campaigns.noBanner")}</option>
          {postOptions}
        </select>
      </Field>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {props.submitLabel}
        </button>
      </div>
    </Form>
  );
}
