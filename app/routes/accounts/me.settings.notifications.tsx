import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import {
  NOTIFICATION_PREFERENCES,
  getNotificationSettings,
  preferencesFromForm,
  saveNotificationSettings,
  type NotificationPreference,
} from "../../../server/services/notification-settings";

export const handle = {
  i18n: ["common", "preferences"],
  breadcrumb: () => ({ label: "preferences:notifications.title" }),
};
export const clientLoader = withNamespaces(["preferences"]);

export async function loader({ context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const preferences = await getNotificationSettings(context.app.db, user.id);
  return {
    title: translatorFor(context.app.locale, "preferences")("notifications.title"),
    // a list, not the object: the page shows them in this order and needs no server import to know it
    items: NOTIFICATION_PREFERENCES.map((name) => ({ name, checked: preferences[name] })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const preferences = preferencesFromForm(await request.formData());
  try {
    await saveNotificationSettings(app.db, user.id, preferences, Date.now());
  } catch (error) {
    // nothing the person can fix: tell them it failed (spec §8) and leave the cause in the log
    console.error("[preferences] saving notification settings failed", error);
    return data({ done: false, failed: true }, { status: 500 });
  }
  return { done: true, failed: false };
}

export default function NotificationSettings() {
  const { t } = useTranslation("preferences");
  const { items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const toast = useToast();
  useEffect(() => {
    if (actionData?.done) toast.show(t("notifications.updated"), "success");
    else if (actionData?.failed) toast.show(t("notifications.failed"), "error");
  }, [actionData, toast, t]);

  return (
    <div className="page settings">
      <h1>{t("notifications.title")}</h1>
      <section className="card" aria-labelledby="notifications-email-title">
        <h2 id="notifications-email-title">{t("notifications.emailTitle")}</h2>
        <p className="muted">{t("notifications.lead")}</p>
        <Form method="post" className="form">
          <div role="group" aria-labelledby="notifications-email-title" className="form">
            {items.map((item) => (
              <PreferenceCheckbox key={item.name} name={item.name} defaultChecked={item.checked} />
            ))}
          </div>
          <p className="muted small">{t("notifications.alwaysSent")}</p>
          <div className="form-actions">
            <button type="submit" className="button" disabled={navigation.state !== "idle"}>
              {t("notifications.save")}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function PreferenceCheckbox({ name, defaultChecked }: { name: NotificationPreference; defaultChecked: boolean }) {
  const { t } = useTranslation("preferences");
  const id = `notification-${name}`;
  return (
    <div className="field field-check">
      <span>
        <input type="checkbox" id={id} name={name} defaultChecked={defaultChecked} aria-describedby={`${id}-hint`} />{" "}
        <label htmlFor={id}>{t(`notifications.items.${name}.label`)}</label>
      </span>
      <span className="muted small" id={`${id}-hint`}>
        {t(`notifications.items.${name}.hint`)}
      </span>
    </div>
  );
}
