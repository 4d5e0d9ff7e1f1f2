import { idField } from '../common/fields';
import { z } from '../common/zod';
import { DATE_RANGES } from '../time/date-range';
import { dateField, hourField } from '../time/time-fields';
import { bookingMessages as m } from './bookings.messages';
import { WAITLIST_DEFAULT_NOTICE, WAITLIST_NOTICE_OPTIONS } from './waitlist';
import { waitlistMessages } from './waitlist.messages';

/** POST /api/waitlist — a client joins the line of a full hour of a branch ("Avísame si se libera"). */
export const ZJoinWaitlistRequest = z.object(
  {
    branchId: idField(m.chooseAll),
    date: dateField({
      range: DATE_RANGES.schedule,
      outOfRange: waitlistMessages.notFull,
      missing: m.chooseAll,
    }),
    hour: hourField(m.chooseAll),
    /** "Resérvamela automáticamente": the list books the freed room for the client. */
    autoBook: z.boolean({ error: m.chooseAll }).default(false),
    /** Booked automatically only while the freed hour is at least this many hours ahead. */
    minNoticeHours: z
      .int({ error: waitlistMessages.notice })
      .refine(
        (hours) => (WAITLIST_NOTICE_OPTIONS as readonly number[]).includes(hours),
        waitlistMessages.notice,
      )
      .default(WAITLIST_DEFAULT_NOTICE),
  },
  { error: m.chooseAll },
);
export type TJoinWaitlistRequest = z.input<typeof ZJoinWaitlistRequest>;

/** One of the client's places in a line. */
export const ZWaitlistEntry = z.object({
  id: z.uuid(),
  branchId: z.uuid(),
  branchName: z.string(),
  cityName: z.string(),
  startsAt: z.iso.datetime(),
  date: z.string(),
  hour: z.string(),
  autoBook: z.boolean(),
  minNoticeHours: z.int(),
  /** 1 = first in line. */
  position: z.int().positive(),
});
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;

/** GET /api/me/waitlist — the client's lines for hours still ahead. */
export const ZMyWaitlistResponse = z.array(ZWaitlistEntry);
export type TMyWaitlistResponse = z.infer<typeof ZMyWaitlistResponse>;
