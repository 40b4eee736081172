import { useEffect, useState, type ReactNode } from "react";
import { rememberFanclubVisit } from "~/lib/browsing-history";
import { FollowButton } from "~/components/fanclub/follow-button";
import { NextActionGuide } from "~/components/fanclub/fanclub-profile";
import { PlanCard } from "~/components/fanclub/plan-card";
import { PlanPaymentSlot } from "~/components/payments/query-launcher";
import { TipButton } from "~/components/tips/tip-button";
import { useTranslation } from "~/lib/i18n";
import { linkBuilder } from "~/lib/links";
import { useRootData } from "~/lib/root-data";
import { formatCompactNumber } from "../../../server/domain/number-display";
import { FANCLUB_TABS } from "../../../server/domain/fanclub-rules";
import { IMAGE_SIZES, publicSrcSet } from "../../../server/domain/image-variants";
import type { FanclubView } from "../../../server/http/fanclub-view";
import type { FanclubCommunity } from "../../../server/services/community/fanclub-extras";
import { SizedImage } from "~/components/sized-image";

/** The fan club page frame: cover, icon, name, tags, links, counters, groups, follow, tabs. */
export function FanclubFrame({
  view,
  tab,
  children,
}: {
  view: FanclubView & { community?: FanclubCommunity };
  tab: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("fanclub");
  const { t: tc } = useTranslation("common");
  const f = view.fanclub;
  const base = `/fanclubs/${f.id}`;
  const links = linkBuilder(useRootData());
  // the home page's browsing history
  useEffect(() => rememberFanclubVisit(f.id), [f.id]);
  // following changes the count at once: the follow API answers with the new count
  const [followerCount, setFollowerCount] = useState(f.followerCount);
  useEffect(() => setFollowerCount(f.followerCount), [f.followerCount]);
  return (
    <div className="fanclub-page">
      <header className="fanclub-cover">
        {/* the first thing on the page: loaded at once, at the width the column shows (decision 044) */}
        <div className="fanclub-header-image">
          {f.headerUrl ? (
            <SizedImage
              src={f.headerUrl}
              srcSet={publicSrcSet(f.headerUrl, "header")}
              sizes={IMAGE_SIZES.header}
              width={1500}
              height={500}
              testId="fanclub-header-image"
            />
          ) : null}
        </div>
        <div className="fanclub-identity">
          {f.iconUrl ? (
            <SizedImage
              className="fanclub-icon"
              src={f.iconUrl}
              srcSet={publicSrcSet(f.iconUrl, "icon")}
              sizes={IMAGE_SIZES.iconPage}
              width={96}
              height={96}
              testId="fanclub-icon"
            />
          ) : (
            <span className="fanclub-icon avatar" aria-hidden="true">
              {f.name.slice(0, 1)}
            </span>
          )}
          <div className="fanclub-title">
            <h1>
              {f.name}
              {f.isNew ? <span className="badge">{t("new")}</span> : null}
            </h1>
            <p className="muted">{f.creatorName}</p>
          </div>
          <div className="fanclub-actions">
            {view.viewer.isOwner ? (
              <a className="button button-outline button-small" href="/me/fanclub/edit">
                {t("editProfile")}
              </a>
            ) : view.viewer.signedIn ? (
              view.viewer.blocked ? null : (
                <>
                  <FollowButton fanclubId={f.id} initiallyFollowing={view.viewer.following} onFollowerCount={setFollowerCount} />
                  {/* a tip to the fan club itself (payment modal page 61); editors do not tip their own fan club */}
                  {view.viewer.isEditor ? null : (
                    <TipButton page={61} id={f.id} label={t("tip")} className="button button-outline button-small" />
                  )}
                  {/* issue 20: messages live on the user domain */}
                  {view.viewer.isEditor ? null : (
                    <a
                      className="button button-outline button-small"
                      href={links.user(`/me/messages/new?fanclub=${f.id}`)}
                      data-testid="message-fanclub"
                    >
                      {t("message")}
                    </a>
                  )}
                </>
              )
            ) : (
              <a className="button button-small" href={view.viewer.loginHref}>
                {tc("follow.follow")}
              </a>
            )}
          </div>
        </div>
        <dl className="fanclub-counters">
          {f.memberCount !== null ? (
            <div>
              <dt>{t("counters.members")}</dt>
              <dd>{formatCompactNumber(f.memberCount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("counters.followers")}</dt>
            <dd data-testid="follower-count">{formatCompactNumber(followerCount)}</dd>
          </div>
          <div>
            <dt>{t("counters.posts")}</dt>
            <dd data-testid="post-count">{formatCompactNumber(f.postCount)}</dd>
          </div>
        </dl>
        {f.description ? <p className="fanclub-description">{f.description}</p> : null}
        {f.tags.length ? (
          <ul className="tag-list" aria-label={t("tags")}>
            {f.tags.map((tag) => (
              <li key={tag}>
                <a href={`/fanclubs?keywords=${encodeURIComponent(tag)}&order=2&category=`}>{`#${tag}`}</a>
              </li>
            ))}
          </ul>
        ) : null}
        {f.externalLinks.length ? (
          <ul className="external-links" aria-label={t("links")}>
            {f.externalLinks.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer nofollow ugc">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {view.groups.length ? (
          <p className="fanclub-groups">
            {t("groups")}:{" "}
            {view.groups.map((g, i) => (
              <span key={g.id}>
                {i > 0 ? "、" : ""}
                <a href={`/groups/${g.id}`}>{g.name}</a>
              </span>
            ))}
          </p>
        ) : null}
      </header>
      {view.viewer.isOwner ? <NextActionGuide fanclubId={f.id} /> : null}
      {view.community && tab === "home" ? (
        // the banner and the goal belong to the fan club's home: on the other tabs (a live page on
        // a phone) they would push the tab's own content below the first screen
        <FanclubCommunityParts community={view.community} />
      ) : null}
      <nav className="tabs" aria-label={t("tabsLabel")}>
        {FANCLUB_TABS.filter(
          (name) =>
            (name !== "schedules" || f.showSchedule) &&
            (name !== "special_tickets" || f.showTickets) &&
            (name !== "dc_three_contents" || f.showDc3),
        ).map((name) => (
          <a key={name} href={name === "home" ? base : `${base}/${name}`} aria-current={name === tab ? "page" : undefined}>
            {t(`tabs.${name}`)}
          </a>
        ))}
      </nav>
      <div className="fanclub-tab-body">{children}</div>
    </div>
  );
}

/** The home tab: introduction, plans, commercial-law texts; `?plan=` opens the payment modal (lazy chunk). */
export function FanclubHome({ view }: { view: FanclubView }) {
  const { t } = useTranslation("fanclub");
  const f = view.fanclub;
  const law = Object.entries(f.law).filter(([, v]) => v);
  return (
    <>
      {f.introduction ? (
        <section className="card fanclub-introduction">
          <h2>{t("introduction")}</h2>
          <p className="pre-wrap">{f.introduction}</p>
        </section>
      ) : null}
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading">{t("plans")}</h2>
        {view.plans.length === 0 ? (
          <p className="empty-state">{t("noPlans")}</p>
        ) : (
          <ul className="plan-list">
            {view.plans.map((p) => (
              <PlanCard key={p.id} plan={p} />
            ))}
          </ul>
        )}
      </section>
      {law.length ? (
        <details className="card fanclub-law">
          <summary>{t("law.title")}</summary>
          <dl>
            {law.map(([k, v]) => (
              <div key={k}>
                <dt>{t(`law.${k}`)}</dt>
                <dd className="pre-wrap">{v}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {view.viewer.signedIn ? (
        <PlanPaymentSlot
          fanclubId={f.id}
          planIds={view.plans
            .filter((p) => p.button === "support" || p.button === "changePlan" || p.button === "supporting")
            .map((p) => p.id)}
        />
      ) : null}
    </>
  );
}

/** A tab whose content comes with a later feature. */
export function UpcomingTab({ tab }: { tab: string }) {
  const { t } = useTranslation("fanclub");
  return (
    <div className="empty-state">
      <p>{t("upcoming", { tab: t(`tabs.${tab}`) })}</p>
    </div>
  );
}

/**
 * The running campaign's fixed banner and the open share goal with its graph. Texts and the SVG
 * come drawn from the server (docs/decisions/037), so this adds no namespace and no chart code.
 */
function FanclubCommunityParts({ community }: { community: FanclubCommunity }) {
  const { banner, goal } = community;
  return (
    <>
      {banner ? (
        <a className="campaign-banner" href={banner.href} data-testid="campaign-banner">
          <span className="badge">{banner.label}</span> {banner.title}
        </a>
      ) : null}
      {goal ? (
        <section className="card share-goal" data-testid="share-goal" aria-label={goal.heading}>
          <h2>
            {goal.heading}: {goal.title}
          </h2>
          <p>
            <strong>{goal.progressText}</strong> <span className="badge">{goal.statusText}</span>{" "}
            <span className="muted small">{goal.deadlineText}</span>
          </p>
          <div className="share-goal-graph" dangerouslySetInnerHTML={{ __html: goal.svg }} />
          {goal.reward ? (
            <p className="small">
              {goal.rewardLabel}: {goal.reward}
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
