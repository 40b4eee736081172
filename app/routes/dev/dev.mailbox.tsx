import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { desc } from "drizzle-orm";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { emails } from "../../../db/schema";
import { translatorFor } from "../../../server/i18n";

export const handle = { i18n: ["common", "account"] };
export const clientLoader = withNamespaces(["account"]);

/**
 * Development only: the e-mails the product has sent, newest first, with their links. In
 * production this page does not exist (404), whatever the data.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { app } = context;
  if (app.config.environment === "production") throw new Response("Not Found", { status: 404 });
  const rows = await app.db.select().from(emails).orderBy(desc(emails.id)).limit(50).all();
  return {
    title: translatorFor(app.locale, "account")("mailbox.title"),
    emails: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      body: r.textBody,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      links: [...r.textBody.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function Mailbox() {
  const { t } = useTranslation("account");
  const { emails: list } = useLoaderData<typeof loader>();
  return (
    <section className="card">
      <h1>{t("mailbox.title")}</h1>
      <p className="muted">{t("mailbox.lead")}</p>
      {list.length === 0 ? (
        <p className="empty-state">{t("mailbox.empty")}</p>
      ) : (
        <table className="mailbox-table">
          <thead>
            <tr>
              <th>{t("mailbox.createdAt")}</th>
              <th>{t("mailbox.to")}</th>
              <th>{t("mailbox.subject")}</th>
              <th>{t("mailbox.status")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => (
              <tr key={m.id} data-email-to={m.to}>
                <td>{m.createdAt.replace("T", " ").slice(0, 19)}</td>
                <td>{m.to}</td>
                <td>
                  <strong>{m.subject}</strong>
                  <pre className="mailbox-body">{m.body}</pre>
                  {m.links.map((href) => (
                    <a key={href} className="mailbox-link" href={href}>
                      {href}
                    </a>
                  ))}
                </td>
                <td>{m.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
