import { sql } from 'drizzle-orm';

/**
 * An invoice that still covers what it covers (issue 42): queued or stamped, and not cancelled (a cancellation the
 * receiver rejected, or that expired unanswered at the SAT, leaves it standing). One rule for the invoicing module
 * (one live invoice per sale, the global's sales) and the orders module (the Ordenes filter), as SQL on `alias`.
 */
export const liveInvoice = (alias: string) =>
  sql.raw(
    `${alias}."status" in ('queued', 'valid') and (${alias}."cancel_state" is null or ${alias}."cancel_state" in ('rejected', 'expired'))`,
  );
