import type { DayCounts } from '@sala/shared/dashboard/occupancy';

const SEMICOLON = 59;

/**
 * A branch's days as sessionCounts reads them ('YYYY-MM-DD h0,h1,…,h23', days joined by ';'), every day's 24 counts
 * in one Int32Array. A year of a chain is 11 000 days and 264 000 counts (issue 46): split and Number made an array
 * of strings and one of numbers per day, about a third of the year-long report's JavaScript; an Int32Array per day
 * then cost the garbage collector pauses of tens of milliseconds. This reads each digit once into one array.
 */
export function parseDayCounts(text: string): DayCounts {
  let days = text.length >= 10 ? 1 : 0;
  for (let at = text.indexOf(';'); at !== -1; at = text.indexOf(';', at + 1)) days++;
  const counts = new Int32Array(days * 24);
  const starts = new Map<string, number>();
  let at = 0;
  let base = 0;
  while (at + 10 <= text.length) {
    starts.set(text.slice(at, at + 10), base);
    at += 11;
    let hour = 0;
    let value = 0;
    let negative = false;
    for (; at <= text.length; at++) {
      const code = at < text.length ? text.charCodeAt(at) : SEMICOLON; // the text's end closes its last day
      if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
      else if (code === 45) negative = true;
      else {
        // ',' ends an hour's count; ';' ends the day's too.
        if (hour < 24) counts[base + hour] = negative ? -value : value;
        hour++;
        value = 0;
        negative = false;
        if (code === SEMICOLON) break;
      }
    }
    at++;
    base += 24;
  }
  return { at: starts, counts };
}
