import { BUSINESS_TIME_ZONE } from '@sala/shared/time/business-time';
import { cachedFormat, vtimezone } from '../../lib/vtimezone';

/**
 * The `.ics` of a session (RFC 5545, iTIP): METHOD:REQUEST when booked, METHOD:CANCEL with the same UID when
 * cancelled, so Google Calendar, Outlook and Apple Calendar update the one event. Times are wall-clock times of
 * the business time zone, with its VTIMEZONE. Written here rather than with a calendar library: it is one event
 * of fixed shape, every booking writes one, and the libraries cost more than the rest of the e-mail
 * (docs/decisions/008); `test/calendar-reader.ts` reads it back with Mozilla's ical.js in the API tests.
 */
export type SessionInvite = {
  /** Stable across the booking, its moves and its cancellation: the first session's id. */
  uid: string;
  /** How many times the event changed before (a reschedule raises it); a cancellation adds one more. */
  sequence?: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  endsAt: Date;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
};

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** 20261124T100000: the wall-clock time of an instant in the zone (a DATE-TIME with TZID). */
function localDateTime(instant: Date, timeZone: string): string {
  const parts = cachedFormat(wallClocks, timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}${part('month')}${part('day')}T${part('hour')}${part('minute')}${part('second')}`;
}

/** 20261122T114935Z */
const utcDateTime = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value with characters that need it goes in double quotes (and cannot hold one). */
const paramValue = (value: string) =>
  /[;:,]/.test(value) ? `"${value.replace(/"/g, "'")}"` : value.replace(/"/g, "'");

/** Lines longer than 75 octets fold onto continuation lines that start with a space (§3.1), never inside a character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function sessionInvite(
  invite: SessionInvite,
  timeZone = BUSINESS_TIME_ZONE,
  now = new Date(),
): string {
  return calendarInvite(invite.method, [invite], timeZone, now);
}

/**
 * One calendar file with an event per session (a standing slot's confirmation: every booked date, each with the UID
 * of its session, so a later cancellation of one date updates that one event).
 */
export function calendarInvite(
  method: SessionInvite['method'],
  invites: Omit<SessionInvite, 'method'>[],
  timeZone = BUSINESS_TIME_ZONE,
  now = new Date(),
): string {
  const cancelled = method === 'CANCEL';
  const event = (invite: Omit<SessionInvite, 'method'>) => [
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `SEQUENCE:${(invite.sequence ?? 0) + (cancelled ? 1 : 0)}`,
    `DTSTAMP:${utcDateTime(now)}`,
    `DTSTART;TZID=${timeZone}:${localDateTime(invite.startsAt, timeZone)}`,
    `DTEND;TZID=${timeZone}:${localDateTime(invite.endsAt, timeZone)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `LOCATION:${escapeText(invite.location)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...(invite.attendee
      ? [
          `ATTENDEE;CN=${paramValue(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.attendee.email}`,
        ]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sala Común//Reservas//ES',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...vtimezone(timeZone, invites[0]?.startsAt ?? now),
    ...invites.flatMap(event),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
