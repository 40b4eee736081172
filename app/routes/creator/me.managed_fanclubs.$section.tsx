import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { useTranslation, withNamespaces } from "~/lib/i18n";
import { mediaUrl } from "../../../server/domain/images";
import { requireUser } from "../../../server/http/require-user";
import { translatorFor } from "../../../server/i18n";
import { listManagedFanclubs } from "../../../server/services/creator";

export const handle = { i18n: ["common", "creator"], breadcrumb: () => ({ label: "sidebar.managedFanclubs" }) };
export const clientLoader = withNamespaces(["creator"]);

const SECTIONS = ["sales", "transfers", "transfer_histories"] as const;

/**
 * /me/managed_fanclubs/{sales,transfers,transfer_histories}: bulk management for people who
 * manage several fan clubs. The fan clubs are real; sales and payouts arrive with the money
 * feature, and until then each section says so.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { app } = context;
  requireUser(app);
  const section = params.section ?? "";
  if (!(SECTIONS as readonly string[]).includes(section) || !app.session!.creator.hasManagedFanclub)
    throw new Response(null, { status: 404 });
  const rows = await listManagedFanclubs(app.db, app.session!.user.id);
  return {
    title: translatorFor(app.locale, "creator")(`managed.${section}`),
    section,
    fanclubs: rows.map((r) => ({
      ...r,
      iconUrl: mediaUrl(r.iconKey),
      origin: app.services.find((s) => s.id === r.serviceId)?.frontUrl ?? "",
    })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d?.title }];

export default function ManagedFanclubs() {
  const { t } = useTranslation("creator");
  const { section, fanclubs } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t(`managed.${section}`)}</h1>
      <nav className="tabs" aria-label={t("managed.title")}>
        {SECTIONS.map((s) => (
          <a key={s} href={`/me/managed_fanclubs/${s}`} aria-current={s === section ? "page" : undefined}>
            {t(`managed.${s}`)}
          </a>
        ))}
      </nav>
      <p className="empty-state">{t("managed.upcoming")}</p>
      <h2>{t("managed.fanclubs", { count: fanclubs.length })}</h2>
      <ul className="fanclub-list">
        {fanclubs.map((f) => (
          <FanclubCard key={f.id} fanclub={f} origin={f.origin} />
        ))}
      </ul>
    </div>
  );
}
