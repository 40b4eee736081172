import { can, type CreatorAction, type FanclubRole } from "./fanclub-permissions";

/**
 * The creator management menu (spec §2 sidebar, §6): every link with the action it needs. The
 * sidebar, the management top page and the pages themselves read this one list, so a link shows
 * exactly when its page lets the person in.
 */
export const CREATOR_MENU = [
  { key: "posts", href: "/me/fanclub/posts", action: "viewPostManagement" },
  { key: "edit", href: "/me/fanclub/edit", action: "editProfile" },
  { key: "plans", href: "/me/fanclub/plans", action: "managePlans" },
  { key: "fans", href: "/me/fanclub/fans", action: "viewFans" },
  { key: "editors", href: "/me/fanclub/editors", action: "manageEditors" },
  { key: "products", href: "/me/fanclub/products", action: "manageProducts" },
  { key: "talks", href: "/me/fanclub/talks", action: "manageTalks" },
  { key: "lessons", href: "/me/fanclub/lesson_reserve/show", action: "manageLessons" },
  { key: "schedules", href: "/me/fanclub/schedules", action: "manageSchedules" },
  { key: "raffles", href: "/me/fanclub/raffles", action: "manageRaffles" },
  { key: "messages", href: "/me/fanclub/messages", action: "manageMessages" },
  { key: "liveEvents", href: "/me/fanclub/live_events", action: "manageLiveEvents" },
  { key: "sales", href: "/me/fanclub/sales", action: "viewSales" },
  { key: "purchases", href: "/me/fanclub/purchases/live_events", action: "viewSales" },
  { key: "tips", href: "/me/fanclub/tips", action: "viewSales" },
  { key: "transfer", href: "/me/fanclub/transfer", action: "manageTransfers" },
  { key: "invoiceNumber", href: "/me/fanclub/invoice_number", action: "editProfile" },
  { key: "group", href: "/me/fanclub_group", action: "manageGroups" },
  { key: "specialTicket", href: "/me/fanclub/special_ticket", action: "manageSpecialTickets" },
  { key: "shareGoals", href: "/me/fanclub/share_goals", action: "manageShareGoals" },
  { key: "dc3Contents", href: "/me/fanclub/dc_three_contents", action: "manageDc3Contents" },
  // spec §3 useCampaign: only fan clubs that run campaigns see the entry
  { key: "campaigns", href: "/me/fanclub/campaigns", action: "manageCampaigns", needsCampaigns: true },
] as const satisfies ReadonlyArray<{ key: string; href: string; action: CreatorAction; needsCampaigns?: boolean }>;

export type CreatorMenuKey = (typeof CREATOR_MENU)[number]["key"];

export function creatorMenu(role: FanclubRole, options: { useCampaign?: boolean } = {}): Array<{ key: CreatorMenuKey; href: string }> {
  return CREATOR_MENU.filter((item) => can(role, item.action) && (!("needsCampaigns" in item) || options.useCampaign === true)).map(
    ({ key, href }) => ({ key, href }),
  );
}

/**
 * Management sections whose pages arrive with later features. Their routes exist before the
 * feature, authorized like the rest, and say honestly that the section is not open yet. (Talks
 * and schedules have their own pages now; the list waits for the next such section.)
 */
export const UPCOMING_SECTIONS: Readonly<Record<string, CreatorAction>> = {};
