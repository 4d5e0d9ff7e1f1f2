import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the peer answers to a message's DATA: accept (250), or an SMTP error with its code. */
export type PeerAnswer = { accept: true } | { accept: false; code: number; message: string };

export type ReceivedMail = { raw: string; parsed: ParsedMail; messageId: string };

/**
 * A real SMTP server on a local port (`smtp-server`), the peer nodemailer talks to in the tests. `answer`
 * decides each message (4xx, 5xx or 250); `delayMs` holds the answer (a slow server), `hold` until
 * released; `stop`/`restart` take the
 * port down and bring it back.
 */
export async function startSmtpPeer(
  options: {
    port?: number;
    /**
     * Keeps each message's raw text and Message-ID without parsing it (a stress run's thousand messages: parsing
     * each one, attachments included, would cost the load generator's core more than the servers' sending).
     */
    headersOnly?: boolean;
  } = {},
) {
  const received: ReceivedMail[] = [];
  let answer: (mail: ParsedMail, raw: string) => PeerAnswer = () => ({ accept: true });
  let delayMs = 0;
  /** While set, every answer waits for it: a server that has not answered yet, for as long as a test needs. */
  let gate: Promise<void> | undefined;
  let waiters: (() => void)[] = [];

  const create = () =>
    new SMTPServer({
      authOptional: true,
      // No reverse DNS of each client (this machine has no resolver to ask: each lookup waits for its timeout).
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      banner: 'Sala Común test peer',
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          if (options.headersOnly) {
            const header = raw.slice(0, raw.search(/\r?\n\r?\n/));
            const messageId = /^message-id:\s*(<[^>]+>)/im.exec(header)?.[1] ?? '';
            received.push({
              raw,
              messageId,
              get parsed(): ParsedMail {
                throw new Error('startSmtpPeer({ headersOnly: true }) keeps messages unparsed');
              },
            });
            for (const wake of waiters) wake();
            callback(null);
            return;
          }
          const parsed = await simpleParser(raw, { keepCidLinks: true });
          const decision = answer(parsed, raw);
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          await gate;
          if (!decision.accept) {
            const error = Object.assign(new Error(decision.message), { responseCode: decision.code });
            callback(error);
            return;
          }
          received.push({ raw, parsed, messageId: parsed.messageId ?? '' });
          for (const wake of waiters) wake();
          callback(null);
        });
      },
    });

  let server = create();
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      // A client killed mid-message leaves a socket to fail; that is the test's point, not an error.
      server.on('error', () => {});
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  let up = true;

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!up) return resolve();
      up = false;
      server.close(() => resolve());
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Decides how the next messages are answered. */
    answerWith(decide: (mail: ParsedMail, raw: string) => PeerAnswer) {
      answer = decide;
    },
    slowDown(ms: number) {
      delayMs = ms;
    },
    /** Holds every answer until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    /** Resolves once `count` messages were accepted in all (or rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 100);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiters = [];
      }
    },
    stop,
    async restart() {
      await stop();
      server = create();
      await listen(port);
      up = true;
    },
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
