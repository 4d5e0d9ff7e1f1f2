import { z } from '../common/zod';
import { dateFormatMessage, isHourMinute, isIsoDate, timeFormatMessage } from './business-time';

/** A calendar date YYYY-MM-DD; missing reads `missingMessage` (a form's "required"), malformed spec §5's. */
export const dateField = (missingMessage: string = dateFormatMessage) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missingMessage : dateFormatMessage) })
    .refine(isIsoDate, dateFormatMessage);

/** A wall-clock time HH:mm; missing reads `missingMessage`, malformed spec §5's. */
export const hourField = (missingMessage: string = timeFormatMessage) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missingMessage : timeFormatMessage) })
    .refine(isHourMinute, timeFormatMessage);
