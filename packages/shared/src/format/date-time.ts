import { BUSINESS_TIME_ZONE } from '../time/business-time';

// 24 h (issue 39): es-MX alone writes '5:00 p.m.', while the schedule, the booking screens and the e-mails say 17:00.
const dateTime = new Intl.DateTimeFormat('es-MX', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: BUSINESS_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: BUSINESS_TIME_ZONE });

/** '21 nov 2026, 17:00' in Mexico City time (the screens' instants; e2e reads its labels with it too), the hour as the rest of the app writes it (businessTime). */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => dateOnly.format(new Date(iso));
