import { type DbOrTx, isTransaction } from '@sala/db/client';

type Reads = readonly (() => PromiseLike<unknown>)[];

/**
 * Reads that do not wait on each other's answers. On the pool they are sent at once, each on a connection of its
 * own. In a transaction they go one after another: its one connection runs one query at a time, and node-postgres
 * queues a query sent while another runs only as a deprecated courtesy (pg 8 warns, pg 9 refuses it). The reports'
 * snapshot (decision 042), a drawer's figures read under its lock and an account's blockers read in its closing all
 * read this way in a transaction.
 */
export async function readTogether<const T extends Reads>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!isTransaction(db)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
