import { z } from '../common/zod';
import { dateFormatMessage, isHourMinute, isIsoDate, timeFormatMessage } from './business-time';
import { type DateRange, dateOutsideRange } from './date-range';

export type DateFieldOptions = {
  /** The dates accepted, counted from today in Mexico City when the request is read (DATE_RANGES). */
  range: DateRange;
  /** The message for a date outside the range, or one for each side of it. */
  outOfRange: string | { before: string; after: string };
  /** Missing reads this (a form's "required"); docs/business-rules.md §5's format message unless told. */
  missing?: string;
  /** A malformed date, or not a real one, reads this; docs/business-rules.md §5's format message unless told. */
  invalid?: string;
  /** The clock "today" is read from; the current instant unless a test fixes one. */
  now?: () => Date;
};

/**
 * A calendar date YYYY-MM-DD inside a range of its purpose. Contracts are built once, so "today" is read when a
 * value is parsed, not when the contract is built. OpenAPI shows it as `format: date` (test/date-extremes.test.ts
 * finds every date route by it).
 */
export const dateField = ({
  range,
  outOfRange,
  missing = dateFormatMessage,
  invalid = dateFormatMessage,
  now = () => new Date(),
}: DateFieldOptions) => {
  const { before, after } =
    typeof outOfRange === 'string' ? { before: outOfRange, after: outOfRange } : outOfRange;
  return (
    z
      .string({ error: (issue) => (issue.input === undefined ? missing : invalid) })
      .refine(isIsoDate, { error: invalid, abort: true })
      // Today's range read once per date: the side it falls on picks the message.
      .superRefine((date, ctx) => {
        const side = dateOutsideRange(date, range, now());
        if (side) ctx.addIssue({ code: 'custom', message: side === 'before' ? before : after });
      })
      .meta({ format: 'date' })
  );
};

/** A wall-clock time HH:mm; missing reads `missingMessage`, malformed docs/business-rules.md §5's. */
export const hourField = (missingMessage: string = timeFormatMessage) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missingMessage : timeFormatMessage) })
    .refine(isHourMinute, timeFormatMessage);
