import type { TRoomBlock } from '@sala/shared/blocks/blocks.contract';
import { addHourLabel } from '@sala/shared/format/hours';

/** The blocks of one room on one date: a whole day blocked is one of these, not one row per hour. */
export type RoomDay = {
  /** Room and date. */
  id: string;
  /** The earliest of the blocks, for the room, branch, zone and date they share. */
  block: TRoomBlock;
  /** Its blocked hours, in order. */
  blocks: TRoomBlock[];
};

/**
 * A page of room blocks (the API lists one per hour), one row per room and date, each where its first hour was.
 * A day longer than the page continues on the next one.
 */
export function groupRoomDays(rows: readonly TRoomBlock[]): RoomDay[] {
  const days = new Map<string, TRoomBlock[]>();
  for (const row of rows) {
    const id = `${row.roomId}:${row.date}`;
    days.set(id, [...(days.get(id) ?? []), row]);
  }
  return [...days].map(([id, blocks]) => {
    const sorted = blocks.toSorted((a, b) => a.hour.localeCompare(b.hour));
    return { id, block: sorted[0]!, blocks: sorted };
  });
}

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
