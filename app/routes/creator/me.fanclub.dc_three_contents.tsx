import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { Dc3Form } from "~/components/dc3/dc3-form";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { formatFileSize } from "~/routes/fanclub/fanclubs.$id.posts.$postId/post-body";
import { requireCreator } from "../../../server/http/require-creator";
import { translatorFor } from "../../../server/i18n";
import { listDc3Contents } from "../../../server/services/dc3";
import { listPlans } from "../../../server/services/plans";

export const handle = { i18n: ["common", "dc3", "uploads"], breadcrumb: () => ({ label: "dc3:title" }) };
export const clientLoader = withNamespaces(["dc3", "uploads"]);

/**
 * /me/fanclub/dc_three_contents (spec §5 "DC3 content: one file", docs/decisions/045): the owner's
 * downloadable items, each one file, for all members or the chosen plans. Changes go through
 * `/api/v1/me/fanclub/dc_three_contents`, the same calls scripts use; the list reloads after each.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { app } = context;
  const op = requireCreator(app, request, "manageDc3Contents");
  const [items, plans] = await Promise.all([listDc3Contents(app.db, op.fanclubId), listPlans(app.db, op.fanclubId)]);
  return {
    title: translatorFor(app.locale, "dc3")("title"),
    fanclubId: op.fanclubId,
    plans: plans.map((p) => ({ id: p.id, name: p.name, price: p.price })),
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      audience: i.audience,
      planIds: i.planIds,
      file: { filename: i.file.filename, size: i.file.size },
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }, { name: "robots", content: "noindex" }];

export default function Dc3Contents() {
  const { t } = useTranslation("dc3");
  const { items, plans, fanclubId } = useLoaderData<typeof loader>();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<number | null>(null);
  // a new form (and a fresh uploader) after each save
  const [formKey, setFormKey] = useState(0);
  const planName = new Map(plans.map((p) => [p.id, p.name]));
  const editItem = items.find((i) => i.id === editing) ?? null;

  const done = (message: string) => {
    toast.show(message, "success");
    setEditing(null);
    setFormKey((k) => k + 1);
    revalidator.revalidate();
  };
  const remove = async (item: (typeof items)[number]) => {
    if (!window.confirm(t("list.confirmDelete", { title: item.title }))) return;
    const res = await callApi(`/me/fanclub/dc_three_contents/${item.id}`, { method: "DELETE" }).catch(() => null);
    if (!res?.success) {
      toast.show(res?.payload.message ?? t("errors.notFound"), "error");
      return;
    }
    if (editing === item.id) setEditing(null);
    toast.show(t("toast.deleted"), "success");
    revalidator.revalidate();
  };

  return (
    <div className="stack">
      <h1>{t("title")}</h1>
      <p className="muted">{t("lead")}</p>
      <Dc3Form
        key={editItem ? `edit-${editItem.id}` : `new-${formKey}`}
        plans={plans}
        item={editItem}
        onDone={done}
        onCancel={editItem ? () => setEditing(null) : undefined}
      />
      <section aria-labelledby="dc3-list-heading">
        <h2 id="dc3-list-heading">{t("list.heading")}</h2>
        {items.length === 0 ? (
          <p className="empty-state">{t("list.empty")}</p>
        ) : (
          <ul className="card-list">
            {items.map((item) => (
              <li key={item.id} className="card" data-dc3-item={item.title}>
                <h3>{item.title}</h3>
                {item.description ? <p className="pre-wrap">{item.description}</p> : null}
                <dl className="payment-quote">
                  <div>
                    <dt>{t("list.file")}</dt>
                    <dd>
                      {item.file.filename} <span className="muted small">{formatFileSize(item.file.size)}</span>
                    </dd>
                  </div>
                  <div>
                    <dt>{t("list.audience")}</dt>
                    <dd>
                      {item.audience === "members"
                        ? t("audience.members")
                        : t("audience.plans", { plans: item.planIds.map((id) => planName.get(id) ?? "").join("、") })}
                    </dd>
                  </div>
                </dl>
                <div className="form-actions">
                  <a className="button button-outline button-small" href={`/fanclubs/${fanclubId}/dc_three_contents`}>
                    {t("list.download")}
                  </a>
                  <button type="button" className="button button-outline button-small" onClick={() => setEditing(item.id)}>
                    {t("list.edit")}
                  </button>
                  <button type="button" className="button button-outline button-small" onClick={() => void remove(item)}>
                    {t("list.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
