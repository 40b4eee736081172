import { useTranslation } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { isFanclubCategory } from "../../../server/domain/fanclub-rules";
import type { FanclubView } from "../../../server/http/fanclub-view";

/** The profile tab: who runs the fan club, its category and brand, the introduction and links. */
export function FanclubProfile({ view }: { view: FanclubView }) {
  const { t } = useTranslation("fanclub");
  const { t: tc } = useTranslation("common");
  const f = view.fanclub;
  return (
    <section className="card fanclub-profile" data-testid="fanclub-profile">
      <dl className="profile-facts">
        <div>
          <dt>{t("profile.creator")}</dt>
          <dd>{f.creatorName}</dd>
        </div>
        <div>
          <dt>{t("profile.category")}</dt>
          <dd>{isFanclubCategory(f.category) ? tc(`categories.${f.category}`) : f.category}</dd>
        </div>
        <div>
          <dt>{t("profile.brand")}</dt>
          <dd>
            <a href={`${f.service.frontUrl}/`}>{f.service.name}</a>
          </dd>
        </div>
      </dl>
      <h2>{t("profile.about")}</h2>
      {f.introduction || f.description ? (
        <p className="pre-wrap">{f.introduction || f.description}</p>
      ) : (
        <p className="muted">{t("profile.noIntroduction")}</p>
      )}
      {f.externalLinks.length ? (
        <>
          <h2>{t("links")}</h2>
          <ul className="external-links">
            {f.externalLinks.map((l) => (
              <li key={l.url}>
                <a href={l.url} target="_blank" rel="noopener noreferrer nofollow ugc">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * spec §2 next-action guide: the owner of a fan club whose profile was never saved or that has no
 * plan yet sees the steps left, on their own fan club page. What is missing comes from the
 * session's creator summary (read with the session), so it costs no query.
 */
export function NextActionGuide({ fanclubId }: { fanclubId: number }) {
  const { t } = useTranslation("fanclub");
  const root = useRootData();
  const own = root?.creator?.mode === "owner" && root.creator.fanclub?.id === fanclubId ? root.creator.nextActions : null;
  if (!own || (!own.profile && !own.plan)) return null;
  return (
    <aside className="card next-action-guide" data-testid="next-action-guide">
      <h2>{t("nextAction.title")}</h2>
      <p>{t("nextAction.lead")}</p>
      <ul>
        {own.profile ? (
          <li>
            <a className="button button-small" href="/me/fanclub/edit">
              {t("nextAction.profile")}
            </a>
          </li>
        ) : null}
        {own.plan ? (
          <li>
            <a className="button button-small" href="/me/fanclub/plans/new">
              {t("nextAction.plan")}
            </a>
          </li>
        ) : null}
      </ul>
    </aside>
  );
}
