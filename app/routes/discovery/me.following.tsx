import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FanclubCard } from "~/components/fanclub/fanclub-card";
import { FollowButton } from "~/components/fanclub/follow-button";
import { useTranslation } from "~/lib/i18n";
import { requireUser } from "../../../server/http/require-user";
import { listFollowing } from "../../../server/services/follows";

export const handle = { breadcrumb: () => ({ label: "follow.title" }) };

/** /me/following: the fan clubs I follow, with a way to stop following each. */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = requireUser(context.app);
  const rows = await listFollowing(context.app.db, user.id);
  return { title: context.app.t("follow.title"), fanclubs: rows.map((r) => ({ ...r, followedAt: r.followedAt.toISOString() })) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export default function Following() {
  const { t } = useTranslation();
  const { fanclubs } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("follow.title")}</h1>
      {fanclubs.length === 0 ? (
        <div className="empty-state">
          <p>{t("follow.empty")}</p>
          <p>
            <a href="/fanclubs?order=2&category=">{t("sidebar.fanclubs")}</a>
          </p>
        </div>
      ) : (
        <ul className="fanclub-list">
          {fanclubs.map((f) => (
            <FanclubCard
              key={f.id}
              fanclub={f}
              details={<span className="muted small">{t("follow.followers", { count: f.followerCount })}</span>}
              action={<FollowButton fanclubId={f.id} initiallyFollowing />}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
