/**
 * A branch's days as sessionCounts reads them ('YYYY-MM-DD h0,h1,…,h23', days joined by ';'), each day's 24 counts
 * as one Int32Array. A year of a chain is 11 000 days and 264 000 counts: split and Number made an array of strings
 * and one of numbers per day, about a third of the year-long report's JavaScript (issue 46); this reads each digit
 * once.
 */
export function parseDayCounts(text: string): Map<string, Int32Array> {
  const days = new Map<string, Int32Array>();
  let at = 0;
  while (at + 10 <= text.length) {
    const date = text.slice(at, at + 10);
    const counts = new Int32Array(24);
    at += 11;
    let hour = 0;
    let value = 0;
    let negative = false;
    for (; at <= text.length; at++) {
      const code = at < text.length ? text.charCodeAt(at) : 59; // the text's end closes its last day as ';' does
      if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
      else if (code === 45) negative = true;
      else {
        // ',' ends an hour's count; ';' ends the day's too.
        if (hour < 24) counts[hour] = negative ? -value : value;
        hour++;
        value = 0;
        negative = false;
        if (code === 59) break;
      }
    }
    at++;
    days.set(date, counts);
  }
  return days;
}
