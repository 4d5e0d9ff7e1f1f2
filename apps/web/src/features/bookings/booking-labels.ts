import type { TPublicBranch } from '@sala/shared/bookings/availability.contract';
import { calendarDateNames } from '@sala/shared/format/dates';
import { addHourLabel } from '@sala/shared/format/hours';

type HourState = 'free' | 'past' | 'blocked' | 'full';
type RoomState = 'free' | 'busy' | 'blocked';

const hourReasons: Record<Exclude<HourState, 'free'>, string> = {
  past: 'pasada',
  blocked: 'bloqueada',
  full: 'llena',
};

/** What an hour button says under the hour: how many rooms are free, or why it cannot be chosen. */
export function hourStateLabel({ state, freeRooms }: { state: HourState; freeRooms: number }): string {
  if (state !== 'free') return hourReasons[state];
  return freeRooms === 1 ? '1 sala libre' : `${freeRooms} salas libres`;
}

const roomLabels: Record<RoomState, string> = { free: 'libre', busy: 'ocupada', blocked: 'bloqueada' };

export function roomStateLabel(state: RoomState): string {
  return roomLabels[state];
}

/** A calendar date (YYYY-MM-DD) as a day card shows it: { weekday: 'lun', day: '23', month: 'nov' }. */
export function dayParts(date: string): { weekday: string; day: string; month: string } {
  const { weekday, day, month } = calendarDateNames(date);
  return { weekday: weekday.slice(0, 3), day: String(day), month: month.slice(0, 3) };
}

/** 'lun 23 nov'. */
export function shortDayLabel(date: string): string {
  const { weekday, day, month } = dayParts(date);
  return `${weekday} ${day} ${month}`;
}

/** 'de 10:00 a 11:00': a session lasts one hour. */
export function sessionHours(hour: string): string {
  return `de ${hour} a ${addHourLabel(hour)}`;
}

export type Zone = { id: string; name: string; branches: TPublicBranch[] };

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'es-MX');

/** The zones of the first step, each with its branches, both in alphabetical order. */
export function groupByZone(branches: TPublicBranch[]): Zone[] {
  const zones = new Map<string, Zone>();
  for (const branch of branches) {
    const zone = zones.get(branch.cityId) ?? { id: branch.cityId, name: branch.cityName, branches: [] };
    zone.branches.push(branch);
    zones.set(branch.cityId, zone);
  }
  return [...zones.values()]
    .map((zone) => ({ ...zone, branches: [...zone.branches].sort(byName) }))
    .sort(byName);
}

/** '1 sucursal', '3 sucursales'. */
export function branchCountLabel(count: number): string {
  return count === 1 ? '1 sucursal' : `${count} sucursales`;
}
