/** '10:00' → '11:00': the end of a one-hour session that starts at an HH:mm. */
export function addHourLabel(hour: string): string {
  const [hh, mm] = hour.split(':').map(Number) as [number, number];
  return `${String((hh + 1) % 24).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
}
