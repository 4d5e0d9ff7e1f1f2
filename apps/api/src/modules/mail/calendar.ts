import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * The `.ics` of a session (RFC 5545, iTIP): METHOD:REQUEST when booked, METHOD:CANCEL with the same UID when
 * cancelled, so Google Calendar, Outlook and Apple Calendar update the one event. Times are wall-clock times of
 * the business time zone with its VTIMEZONE.
 */
export type SessionInvite = {
  /** Stable across the booking and its cancellation: the session id. */
  uid: string;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
};

/**
 * The zone's rules as a VTIMEZONE. Mexico City has kept one offset all year since 2022 (no daylight saving), so
 * its current offset is the whole rule; read from Intl, never from a bundled 2018 table that still has DST.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

export function vtimezone(timeZone: string, at = new Date()): string {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')!.value; // 'GMT-06:00'
  const offset = name === 'GMT' ? '+0000' : name.replace('GMT', '').replace(':', '');
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    `X-LIC-LOCATION:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

export function sessionInvite(invite: SessionInvite, timeZone = BUSINESS_TIME_ZONE): string {
  const cancelled = invite.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Sala Común', product: 'Reservas', language: 'ES' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: { name: timeZone, generator: (zone) => vtimezone(zone) },
  });
  calendar.createEvent({
    id: invite.uid,
    sequence: cancelled ? 1 : 0,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    start: new TZDate(invite.startsAt.getTime(), timeZone),
    end: new TZDate(invite.endsAt.getTime(), timeZone),
    timezone: timeZone,
    summary: invite.summary,
    location: invite.location,
    description: invite.description,
    organizer: invite.organizer,
    attendees: invite.attendee ? [{ ...invite.attendee, rsvp: false }] : [],
  });
  return calendar.toString();
}
