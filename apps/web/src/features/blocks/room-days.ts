import { addHourLabel } from '@sala/shared/format/hours';

/** The time the hours cover, consecutive ones together: '08:00 a 21:00', or '08:00 a 10:00, 12:00 a 13:00'. */
export function describeHours(hours: readonly string[]): string {
  const spans: { from: string; to: string }[] = [];
  for (const hour of hours) {
    const last = spans.at(-1);
    if (last && last.to === hour) last.to = addHourLabel(hour);
    else spans.push({ from: hour, to: addHourLabel(hour) });
  }
  return spans.map(({ from, to }) => `${from} a ${to}`).join(', ');
}
