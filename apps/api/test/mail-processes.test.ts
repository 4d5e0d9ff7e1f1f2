import { openDatabase } from '@sala/db/client';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, startServer, waitForReady } from '../harness/processes';
import { startSmtpPeer } from '../harness/smtp-peer';
import { enqueueEmails } from './outbox';

afterAll(() => {
  killAllServers();
});

/** A fresh PostgreSQL database with `count` queued messages, and a way to read their states and drop it. */
async function queuedDatabase(count: number) {
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 2 });
  await enqueueEmails(
    handle.db,
    Array.from({ length: count }, (_, i) => ({
      to: `cliente-${i}@example.test`,
      subject: `Mensaje ${i}`,
      html: `<p>${i}</p>`,
      text: String(i),
    })),
  );
  return {
    url: empty.url,
    states: () =>
      handle.db
        .select({ status: emailOutbox.status, attempts: emailOutbox.attempts, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status, emailOutbox.attempts),
    ids: () => handle.db.select({ id: emailOutbox.id }).from(emailOutbox),
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}

const serverEnv = (databaseUrl: string, smtpUrl: string) => ({
  DATABASE_URL: databaseUrl,
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Sala Común <reservas@sala.example.mx>',
  SEED_DEMO: 'false',
  MAIL_POLL_MS: '200',
  MAIL_CLAIM_TIMEOUT_MS: '3000',
});

describe.runIf(process.env.TEST_DB === 'postgres')('two API processes sending one outbox', () => {
  it('200 queued messages: each delivered exactly once', async () => {
    const peer = await startSmtpPeer();
    peer.slowDown(5);
    const db = await queuedDatabase(200);
    try {
      const a = startServer({ ...serverEnv(db.url, peer.url), PORT: '3296' });
      const b = startServer({ ...serverEnv(db.url, peer.url), PORT: '3297' });
      await Promise.all([waitForReady(3296), waitForReady(3297)]);
      await peer.waitFor(200, 60_000);
      // A little longer: nothing more arrives.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const ids = peer.received.map((m) => m.messageId);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
      const expected = (await db.ids()).map((row) => `<${row.id}@sala.example.mx>`).sort();
      expect([...ids].sort()).toEqual(expected);
      expect(await db.states()).toEqual([{ status: 'sent', attempts: 1, n: 200 }]);
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    } finally {
      await db.close();
      await peer.stop();
    }
  }, 120_000);

  it('one process killed with SIGKILL mid-batch: every message still delivered, none lost', async () => {
    const peer = await startSmtpPeer();
    peer.slowDown(5);
    const db = await queuedDatabase(200);
    try {
      const a = startServer({ ...serverEnv(db.url, peer.url), PORT: '3298' });
      const b = startServer({ ...serverEnv(db.url, peer.url), PORT: '3299' });
      await Promise.all([waitForReady(3298), waitForReady(3299)]);
      await peer.waitFor(40, 60_000);
      // Hold the server's answers so both processes are surely in the middle of a batch, then kill one.
      peer.slowDown(2_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      a.child.kill('SIGKILL');
      expect(await a.exited).toBe(null);
      peer.slowDown(5);

      // Its claims expire (3 s here) and the survivor sends what it held.
      const deadline = Date.now() + 60_000;
      const unique = () => new Set(peer.received.map((m) => m.messageId)).size;
      while (unique() < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const expected = (await db.ids()).map((row) => `<${row.id}@sala.example.mx>`).sort();
      expect([...new Set(peer.received.map((m) => m.messageId))].sort()).toEqual(expected);
      // At-least-once: only a message the server accepted just before the kill may arrive twice (at most one
      // per send the killed process had in flight).
      // A message the killed process got accepted just before dying arrived already, but its row stays claimed
      // until the claim expires and the survivor sends it again: wait for every row to be marked, not only for
      // every address to have its mail.
      const allSent = async () => (await db.states()).every((row) => row.status === 'sent');
      while (!(await allSent()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(peer.received.length - 200).toBeLessThanOrEqual(4);
      const states = await db.states();
      expect(states.every((row) => row.status === 'sent')).toBe(true);
      expect(states.reduce((sum, row) => sum + row.n, 0)).toBe(200);
      // Some were claimed by the killed process and sent on a second claim.
      expect(states.some((row) => row.attempts >= 2)).toBe(true);
      b.child.kill('SIGTERM');
      expect(await b.exited).toBe(0);
    } finally {
      await db.close();
      await peer.stop();
    }
  }, 120_000);
});
