import { z } from '../common/zod';

/**
 * A secret calendar address (issue 43). The token is shown only when it is made: the server keeps its hash alone,
 * so an address that was not saved is replaced, never shown again.
 */
export const ZCalendarFeedAddress = z.object({
  /** https://…/calendario/TOKEN.ics: for Google Calendar's "Desde URL". */
  url: z.string(),
  /** webcal://…/calendario/TOKEN.ics: opens the calendar app of an iPhone or a Mac. */
  webcalUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type TCalendarFeedAddress = z.infer<typeof ZCalendarFeedAddress>;

/** GET /api/me/calendar-feed: whether the client has an address, and since when. */
export const ZMyCalendarFeed = z.object({ active: z.boolean(), createdAt: z.iso.datetime().nullable() });
export type TMyCalendarFeed = z.infer<typeof ZMyCalendarFeed>;

/** GET /api/branches/calendar-feeds: each active branch and whether its staff calendar has an address. */
export const ZBranchCalendarFeeds = z.object({
  items: z.array(
    z.object({
      branchId: z.uuid(),
      branchName: z.string(),
      cityName: z.string(),
      active: z.boolean(),
      createdAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type TBranchCalendarFeeds = z.infer<typeof ZBranchCalendarFeeds>;

export const ZFeedRevoked = z.object({ revoked: z.literal(true) });
