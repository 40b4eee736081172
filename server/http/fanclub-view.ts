import { redirect } from "@remix-run/cloudflare";
import type { AppContext } from "../context";
import { isNewFanclub, planAcceptsMembers, planButtonState } from "../domain/fanclub-rules";
import { mediaUrl } from "../domain/images";
import { showsScheduleTab } from "../domain/schedules";
import { fanclubCommunityOf } from "../services/community/fanclub-extras";
import { loadFanclubPage, type FanclubKey } from "../services/fanclubs";
import { mergedReads } from "./merged-reads";

/**
 * What the public fan club page renders, for the viewer at hand: counters per the display
 * setting, and each plan's button (spec §2 plan button states) with where it leads. One D1 round
 * trip (`loadFanclubPage`). Null for unknown and closed fan clubs.
 */
export async function fanclubView(app: AppContext, key: FanclubKey) {
  const page = await loadFanclubPage(mergedReads(app), key, app.user?.id ?? null);
  if (!page) return null;
  const { fanclub, viewer } = page;
  const isOwner = app.user?.id === fanclub.ownerId;
  const base = `/fanclubs/${fanclub.id}`;
  const pageUrl = `${fanclub.service.frontUrl}${fanclub.uniquePath ? `/@${fanclub.uniquePath}` : base}`;
  const login = `${app.origins.login}/auth/login?loggedInPath=${encodeURIComponent(pageUrl)}`;
  const plans = page.plans.map((p) => {
    const state = planButtonState({
      isOwner,
      joinedPlanId: viewer.joinedPlanId,
      planId: p.id,
      // a blocked person cannot join (spec issue: blocks stop joining)
      limitReached:
        !planAcceptsMembers({ closedAt: p.closedAt?.getTime() ?? null, joinLimit: p.joinLimit, memberCount: p.memberCount }) ||
        viewer.blocked,
      loggedIn: app.user !== null,
    });
    const href =
      state === "edit"
        ? `/me/fanclub/plans/${p.id}/edit`
        : state === "login"
          ? login
          : state === "support" || state === "changePlan" || state === "supporting"
            ? `${base}?plan=${p.id}`
            : null;
    return {
      id: p.id,
      name: p.name,
      price: p.price,
      description: p.description,
      iconUrl: mediaUrl(p.iconKey),
      button: state,
      href,
      closed: p.closedAt !== null,
    };
  });
  return {
    fanclub: {
      id: fanclub.id,
      name: fanclub.name,
      creatorName: fanclub.creatorName,
      uniquePath: fanclub.uniquePath,
      iconUrl: mediaUrl(fanclub.iconKey),
      headerUrl: mediaUrl(fanclub.headerKey),
      description: fanclub.description,
      introduction: fanclub.introduction,
      externalLinks: fanclub.externalLinks,
      tags: fanclub.tags,
      category: fanclub.category,
      // spec §3: the member count shows only when the creator allows it
      memberCount: fanclub.displayMemberCount ? fanclub.memberCount : null,
      followerCount: fanclub.followerCount,
      postCount: fanclub.postCount,
      isNew: isNewFanclub(fanclub.createdAt.getTime(), Date.now()),
      law: {
        lawPrice: fanclub.lawPrice,
        lawPaymentMethod: fanclub.lawPaymentMethod,
        lawPaymentTime: fanclub.lawPaymentTime,
        lawDeliveryTime: fanclub.lawDeliveryTime,
        lawContract: fanclub.lawContract,
        lawContact: fanclub.lawContact,
      },
      service: { id: fanclub.service.id, name: fanclub.service.name, frontUrl: fanclub.service.frontUrl },
      pageUrl,
      // spec §3 displaySchedule: the schedules tab shows when the creator turned it on (and always to the staff)
      showSchedule: showsScheduleTab(fanclub, { manages: isOwner || viewer.isEditor }),
      // the special tickets tab: only while the fan club sells some (docs/decisions/037)
      showTickets: page.ticketsOnSale > 0,
      // the downloads tab (DC3 contents): only when the fan club has some (docs/decisions/045)
      showDc3: page.dc3Count > 0,
    },
    groups: page.groups,
    plans,
    viewer: {
      signedIn: app.user !== null,
      isOwner,
      isEditor: viewer.isEditor,
      following: viewer.following,
      blocked: viewer.blocked,
      joinedPlanId: viewer.joinedPlanId,
      loginHref: login,
    },
    // read in the same batch; the page turns them into its goal graph and banner
    extras: { openGoal: page.openGoal, banner: page.banner },
  };
}

/** What the pages and the API get (the extras become the page's `community`). */
export type FanclubView = Omit<NonNullable<Awaited<ReturnType<typeof fanclubView>>>, "extras">;

/**
 * For route loaders: the view, after sending visitors on another brand's host to the fan club's
 * own brand (the same path there).
 */
export async function fanclubPageFor(app: AppContext, request: Request, key: FanclubKey) {
  const view = await fanclubView(app, key);
  if (!view) throw new Response(null, { status: 404 });
  if (app.service?.id !== view.fanclub.service.id) {
    const url = new URL(request.url);
    throw redirect(`${view.fanclub.service.frontUrl}${url.pathname}${url.search}`, 301);
  }
  // the open share goal and the campaign banner (docs/decisions/037)
  const { extras, ...rest } = view;
  return { ...rest, community: fanclubCommunityOf({ fanclubId: view.fanclub.id, ...extras }, app.t, app.locale) };
}
