import { TZDate } from '@date-fns/tz';
import { SESSION_MS } from '@sala/shared/bookings/session-timing';
import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';
import ical, { ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';
import { vtimezone } from '../../lib/vtimezone';

/** One event of a feed: the session's calendar identity (the e-mail invitations' UID and SEQUENCE) and place. */
export type FeedEvent = {
  uid: string;
  sequence: number;
  startsAt: Date;
  cancelled: boolean;
  /** When the session last changed: the event's DTSTAMP, so the same sessions always print the same file. */
  changedAt: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
};

/**
 * A TZDate of the business zone that is already in the zone the library asks for: ical-generator converts every
 * date with `withTimeZone(zone)`, and a TZDate made anew costs more than the rest of the event. Sessions start on
 * the hour, so the same few thousand instants recur in every feed: each is made once per process (never changed
 * afterwards: the library only reads it).
 */
class BusinessDate extends TZDate {
  override withTimeZone(timeZone: string): TZDate {
    return timeZone === this.timeZone ? this : super.withTimeZone(timeZone);
  }
}
const instants = new Map<string, BusinessDate>();
function zoned(ms: number, timeZone: string): BusinessDate {
  const key = `${timeZone} ${ms}`;
  let date = instants.get(key);
  if (!date) {
    if (instants.size >= 50_000) instants.clear();
    date = new BusinessDate(ms, timeZone);
    instants.set(key, date);
  }
  return date;
}

/**
 * A subscribed calendar (RFC 5545, no METHOD: a feed publishes, it does not invite), written with ical-generator.
 * Times are wall-clock times of the business zone with its VTIMEZONE: TZDate hands the library the zone's clock.
 * Nothing in it depends on the moment it is printed, so its hash is a true ETag.
 */
export function feedCalendar(name: string, events: FeedEvent[], timeZone = BUSINESS_TIME_ZONE): string {
  const calendar = ical({
    name,
    prodId: { company: 'Sala Común', product: 'Calendario', language: 'ES' },
    timezone: { name: null, generator: (zone) => vtimezone(zone).join('\r\n') },
    ttl: 60 * 60,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.cancelled ? event.sequence + 1 : event.sequence,
      stamp: event.changedAt,
      start: zoned(event.startsAt.getTime(), timeZone),
      end: zoned(event.startsAt.getTime() + SESSION_MS, timeZone),
      timezone: timeZone,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      busystatus: event.cancelled ? ICalEventBusyStatus.FREE : ICalEventBusyStatus.BUSY,
    });
  }
  return calendar.toString();
}
