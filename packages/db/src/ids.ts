import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Time-ordered UUIDs (v7) keep primary-key indexes compact and insertion-ordered. Their random bits come from a pool
 * filled 256 ids at a time: one system call instead of one per id (a booking makes four).
 */
const POOL_IDS = 256;
const pool = new Uint8Array(16 * POOL_IDS);
let next = POOL_IDS;

/**
 * RFC 9562's monotonic counter, kept here because the pool hands uuid its random bits (and uuid keeps its own counter
 * only when it draws them itself): ids made in one millisecond — a refund and the expiry that follows it, in one
 * transaction — still sort in the order they were made.
 */
const clock = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

export function newId(): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const random = pool.subarray(next * 16, next * 16 + 16);
  next++;
  const now = Date.now();
  if (now > clock.msecs) {
    // A fresh millisecond starts its counter at 31 random bits, as uuid does.
    clock.msecs = now;
    clock.seq = ((random[6]! & 0x7f) << 24) | (random[7]! << 16) | (random[8]! << 8) | random[9]!;
  } else {
    clock.seq = (clock.seq + 1) | 0;
    if (clock.seq === 0) clock.msecs++;
  }
  return uuidv7({ random, msecs: clock.msecs, seq: clock.seq });
}
