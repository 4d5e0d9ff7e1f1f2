import ICAL from 'ical.js';

/**
 * Reads an .ics back as a calendar client would (Mozilla's ical.js): the method, the event's UID, status and
 * sequence, and its start and end as instants computed from the file's own VTIMEZONE.
 */
export function readInvite(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method') as string,
    uid: event.uid,
    status: vevent.getFirstPropertyValue('status') as string,
    sequence: event.sequence,
    tzid: event.startDate.zone?.tzid,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    localStart: event.startDate.toString(),
    summary: event.summary,
    location: event.location,
  };
}
