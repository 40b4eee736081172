/**
 * /fanclubs?order= values (spec §9: the fan search order is 2, popular). A module of its own: the
 * home page's sort navigation ships it to every first visit, and nothing else should come along.
 */
export const SEARCH_ORDERS = { new: 1, popular: 2, recommended: 3, updated: 4 } as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[keyof typeof SEARCH_ORDERS];
