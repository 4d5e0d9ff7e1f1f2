/** The business time zone as iCalendar writes it (the e-mail invitations and the calendar feeds). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

export function cachedFormat(
  map: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = map.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    map.set(timeZone, format);
  }
  return format;
}

/** '-0600': the zone's offset at an instant. */
function offsetAt(timeZone: string, at: Date): string {
  const name = cachedFormat(offsetFormats, timeZone, { timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value; // 'GMT-06:00'
  return name === 'GMT' ? '+0000' : name.replace('GMT', '').replace(':', '');
}

/**
 * The zone's rules as a VTIMEZONE. Mexico City has kept one offset all year since 2022 (no daylight saving), so
 * its current offset is the whole rule; read from Intl, never from a bundled 2018 table that still has DST.
 */
export function vtimezone(timeZone: string, at = new Date()): string[] {
  const offset = offsetAt(timeZone, at);
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
  ];
}
