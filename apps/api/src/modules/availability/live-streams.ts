import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Channels } from '@sala/db/channels';
import type { Db } from '@sala/db/client';
import type {
  TAvailabilityLiveState,
  TAvailabilityStaffChange,
} from '@sala/shared/bookings/availability.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { liveState } from './availability.service';
import { forgetAll, forgetDays } from './day-cache';
import { AVAILABILITY_CHANNEL, type AvailabilityChange, decodeChange } from './live-feed';

/** A comment line on every open stream this often: proxies and browsers keep a quiet connection open. */
export const HEARTBEAT_MS = 15_000;
/** A stream ends after this long (the browser reconnects at once, and is asked again who it is). */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** The states are computed again this often, for the hours that become past. */
const CLOCK_TICK_MS = 60_000;
/** A client that lets this much wait unread is dropped (it reconnects and gets the state of then). */
const MAX_UNREAD_BYTES = 64 * 1024;
/** What the browser waits before reconnecting. */
const RETRY_MS = 2_000;

type Stream = { response: ServerResponse; address: string; timer: NodeJS.Timeout };
/** The viewers of one branch-day and the last state they were sent. */
type Room = {
  branchId: string;
  date: string;
  streams: Set<Stream>;
  lastId?: string;
  refreshing?: Promise<void>;
  /** A change arrived while a read was under way: one more read follows it. */
  dirty?: boolean;
};
/** The staff's screens of one date (every branch): they are told what changed and read it themselves. */
type StaffWatch = { date: string; streams: Set<Stream> };

export type LiveLimits = { maxStreams: number; maxStreamsPerAddress: number };

/** A state's event id: its content's hash, the same in every process (a reconnect to another process resumes). */
export function stateId(state: TAvailabilityLiveState) {
  return createHash('sha256').update(JSON.stringify(state)).digest('base64url').slice(0, 16);
}

const event = (name: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The live availability of one API process (design §10): Server-Sent Events for the public wizard (the hours and
 * rooms of a branch-day, sent again whenever they change) and for the staff's grid (which branch-day changed). It
 * hears the change feed of every process; a stream is bounded per process and per address, beats every 15 s, and a
 * slow reader is dropped instead of buffered.
 */
export function createLiveStreams(options: {
  db: Db;
  channels: Channels;
  limits: LiveLimits;
  log: FastifyBaseLogger;
}) {
  const { db, channels, limits, log } = options;
  const rooms = new Map<string, Room>();
  const staff = new Map<string, StaffWatch>();
  const perAddress = new Map<string, number>();
  let open = 0;
  let unlisten: (() => void) | undefined;
  const counters = { changesHeard: 0, statesSent: 0, dropped: 0 };

  const write = (stream: Stream, text: string) => {
    const { response } = stream;
    if (response.destroyed || response.writableEnded) return;
    response.write(text);
    if (response.writableLength > MAX_UNREAD_BYTES) {
      counters.dropped++;
      response.destroy();
    }
  };

  /** Reads the room's state again: one read at a time, and one more after it for what changed meanwhile. */
  const refresh = (room: Room) => {
    room.dirty = true;
    room.refreshing ??= (async () => {
      while (room.dirty) {
        room.dirty = false;
        await read(room);
      }
    })().finally(() => {
      room.refreshing = undefined;
    });
    return room.refreshing;
  };

  const read = async (room: Room) => {
    if (room.streams.size === 0) return;
    try {
      const state = await liveState(db, new Date(), room.branchId, room.date);
      const id = stateId(state);
      if (id === room.lastId) return;
      room.lastId = id;
      const text = event('state', state, id);
      for (const stream of room.streams) write(stream, text);
      counters.statesSent += room.streams.size;
    } catch (error) {
      log.warn({ err: error, branchId: room.branchId, date: room.date }, 'live availability: state not read');
    }
  };

  const heard = (change: AvailabilityChange | null) => {
    counters.changesHeard++;
    if (change) forgetDays(db, change.branchId, change.dates);
    else forgetAll(db);
    for (const room of rooms.values()) {
      if (
        !change ||
        (room.branchId === change.branchId && (!change.dates || change.dates.includes(room.date)))
      ) {
        void refresh(room);
      }
    }
    for (const watch of staff.values()) {
      if (change?.dates && !change.dates.includes(watch.date)) continue;
      const data: TAvailabilityStaffChange = change
        ? { branchId: change.branchId, date: watch.date }
        : { branchId: null, date: watch.date };
      const text = event('change', data);
      for (const stream of watch.streams) write(stream, text);
    }
  };

  const heartbeat = setInterval(() => {
    for (const group of [...rooms.values(), ...staff.values()]) {
      for (const stream of group.streams) write(stream, ': latido\n\n');
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const clock = setInterval(() => {
    for (const room of rooms.values()) void refresh(room);
  }, CLOCK_TICK_MS);
  clock.unref();

  /** Refuses a stream over the limits, before anything is read. */
  const admit = (address: string) => {
    if (open >= limits.maxStreams) throw new AppError('unavailable', commonMessages.unavailable);
    if ((perAddress.get(address) ?? 0) >= limits.maxStreamsPerAddress) {
      throw new AppError('resource-exhausted', commonMessages.tooManyRequests, undefined, {
        'retry-after': '30',
      });
    }
  };

  /**
   * Takes the connection over from Fastify and keeps it as an event stream until either side ends it. `group`: the
   * streams it joins; `emptied`: called when the last of them leaves.
   */
  const start = (request: FastifyRequest, reply: FastifyReply, group: Set<Stream>, emptied: () => void) => {
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and the like: pass every event on at once.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    response.write(`retry: ${RETRY_MS}\n\n`);
    const address = request.ip;
    const stream: Stream = {
      response,
      address,
      timer: setTimeout(() => response.end(), STREAM_LIFETIME_MS),
    };
    stream.timer.unref();
    group.add(stream);
    open++;
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    let gone = false;
    const leave = () => {
      if (gone) return;
      gone = true;
      clearTimeout(stream.timer);
      group.delete(stream);
      open--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
      if (group.size === 0) emptied();
    };
    response.on('close', leave);
    response.on('error', leave);
    return stream;
  };

  const endAll = () => {
    for (const group of [...rooms.values(), ...staff.values()]) {
      for (const stream of group.streams) stream.response.end();
    }
  };

  return {
    counters,
    /** Listens to the change feed of every process. */
    async listen() {
      unlisten = await channels.listen(AVAILABILITY_CHANNEL, (payload) => {
        if (payload === null) return heard(null);
        const change = decodeChange(payload);
        if (change) heard(change);
      });
    },

    /** GET /api/availability/stream: the state now (unless the browser already has it), then every change. */
    async availability(
      request: FastifyRequest,
      reply: FastifyReply,
      query: { branchId: string; date: string },
    ) {
      admit(request.ip);
      const heardBefore = counters.changesHeard;
      // An unknown branch is refused (404) before the stream starts.
      const state = await liveState(db, new Date(), query.branchId, query.date);
      const id = stateId(state);
      const key = `${query.branchId}|${query.date}`;
      let room = rooms.get(key);
      if (!room) {
        room = { branchId: query.branchId, date: query.date, streams: new Set(), lastId: id };
        rooms.set(key, room);
      }
      const target = room;
      const stream = start(request, reply, target.streams, () => {
        // A read under way finds no one to send to (read() returns at once without viewers).
        if (rooms.get(key) === target) rooms.delete(key);
      });
      if (request.headers['last-event-id'] !== id) write(stream, event('state', state, id));
      // A change heard while this state was read, or a state newer than the room's last one: read it again for
      // every viewer (each is sent only what differs from what it was last sent).
      if (counters.changesHeard !== heardBefore || target.lastId !== id) void refresh(target);
    },

    /** GET /api/availability/staff-stream: which branch changed on a date (the screens read it themselves). */
    staffChanges(request: FastifyRequest, reply: FastifyReply, query: { date: string }) {
      admit(request.ip);
      let watch = staff.get(query.date);
      if (!watch) {
        watch = { date: query.date, streams: new Set() };
        staff.set(query.date, watch);
      }
      const target = watch;
      start(request, reply, target.streams, () => {
        if (staff.get(query.date) === target) staff.delete(query.date);
      });
    },

    /** Open streams, for /api/metrics and the tests. */
    stats() {
      return { open, rooms: rooms.size, staffDates: staff.size, ...counters };
    },

    /** Ends every stream (the process is stopping: the browsers reconnect to another one). */
    endAll,

    close() {
      clearInterval(heartbeat);
      clearInterval(clock);
      unlisten?.();
      endAll();
    },
  };
}

export type LiveStreams = ReturnType<typeof createLiveStreams>;
