import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/feedback/toast";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { getChannels, saveChannels } from "../../../server/services/notification-channels";
import { DIGEST_MODES, EMAIL_COLUMN, NOTIFY_CHANNELS, NOTIFY_KINDS, channelsFromForm, parseDigest } from "../../../server/domain/notify";
import { PushToggle } from "~/components/messages/push-toggle";
import {
  NOTIFICATION_PREFERENCES,
  getNotificationSettings,
  preferencesFromForm,
  saveNotificationSettings,
  type NotificationPreference,
} from "../../../server/services/notification-settings";

export const handle = {
  i18n: ["common", "preferences", "messages"],
  breadcrumb: () => ({ label: "preferences:notifications.title" }),
};
export const clientLoader = withNamespaces(["preferences", "messages"]);

export async function loader({ context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const [preferences, channels] = await Promise.all([
    getNotificationSettings(context.app.db, user.id),
    getChannels(context.app.db, user.id),
  ]);
  return {
    // issue 20: kinds × channels; the e-mail column of kinds with an older e-mail setting shows that setting
    channels: NOTIFY_KINDS.map((kind) => ({
      kind,
      on: NOTIFY_CHANNELS.map((channel) => ({
        channel,
        checked: channel === "email" && EMAIL_COLUMN[kind] ? preferences[EMAIL_COLUMN[kind]] : channels.channels[kind][channel],
      })),
    })),
    digest: channels.digest,
    digestModes: DIGEST_MODES,
    title: translatorFor(context.app.locale, "preferences")("notifications.title"),
    // a list, not the object: the page shows them in this order and needs no server import to know it
    items: NOTIFICATION_PREFERENCES.map((name) => ({ name, checked: preferences[name] })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export async function action({ request, context }: ActionFunctionArgs) {
  const { app } = context;
  const user = requireUser(app);
  const form = await request.formData();
  if (form.get("intent") === "channels") {
    const channels = channelsFromForm((name) => form.has(name));
    const current = await getNotificationSettings(app.db, user.id);
    // the e-mail boxes of kinds with an older column write that column, so both pages agree
    for (const kind of NOTIFY_KINDS) {
      const column = EMAIL_COLUMN[kind];
      if (column) current[column] = channels[kind].email;
    }
    const now = Date.now();
    await Promise.all([
      saveChannels(app.db, user.id, channels, parseDigest(form.get("digest")), now),
      saveNotificationSettings(app.db, user.id, current, now),
    ]);
    return { done: true, failed: false };
  }
  const preferences = preferencesFromForm(form);
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
  const { t: tm } = useTranslation("messages");
  const { items, channels, digest, digestModes } = useLoaderData<typeof loader>();
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
      <section className="card" aria-labelledby="notifications-channels-title">
        <h2 id="notifications-channels-title">{tm("settings.title")}</h2>
        <p className="muted">{tm("settings.lead")}</p>
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="channels" />
          <table className="data-table notification-channels">
            <thead>
              <tr>
                <th scope="col">{tm("settings.kindColumn")}</th>
                {channels[0]?.on.map((c) => (
                  <th scope="col" key={c.channel}>
                    {tm(`settings.channels.${c.channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {channels.map((row) => (
                <tr key={row.kind}>
                  <th scope="row">{tm(`settings.kinds.${row.kind}`)}</th>
                  {row.on.map((c) => (
                    <td key={c.channel}>
                      <input
                        type="checkbox"
                        name={`${row.kind}.${c.channel}`}
                        defaultChecked={c.checked}
                        aria-label={`${tm(`settings.kinds.${row.kind}`)}: ${tm(`settings.channels.${c.channel}`)}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="field">
            <label htmlFor="notification-digest">{tm("settings.digest.label")}</label>
            <select id="notification-digest" name="digest" defaultValue={digest}>
              {digestModes.map((mode) => (
                <option key={mode} value={mode}>
                  {tm(`settings.digest.${mode}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={navigation.state !== "idle"}>
              {tm("settings.save")}
            </button>
          </div>
        </Form>
        <PushToggle />
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
