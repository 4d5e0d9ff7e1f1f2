import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BusinessMetrics } from '../context';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry (GET /api/metrics) and its business counters. */
    metrics: { registry: Registry; business: BusinessMetrics };
  }
}

/**
 * Prometheus metrics of one API process (prom-client), each app its own registry: requests by route and status
 * with their latency, the database pool, the process itself and the business counters the services report after
 * a commit. A module adds its own to `app.metrics.registry` (the outbox's: modules/mail/mail.plugin.ts).
 */
export function registerMetrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sala_process_' });
  const registers = [registry];

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'sala_http_requests_total',
    help: 'HTTP requests answered, by method, route (its pattern) and status',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'sala_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'sala_db_pool_connections',
    help: 'Database connections by state (PGlite: one engine, busy or idle)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = app.database.pool();
      this.set({ state: 'open' }, pool.size);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'busy' }, pool.size - pool.idle);
    },
  });
  new Gauge({
    name: 'sala_db_pool_waiting',
    help: 'Queries or transactions waiting for a connection (PGlite: for their turn)',
    registers,
    collect() {
      this.set(app.database.pool().waiting);
    },
  });
  /** A counter that follows one of the pool's running totals, moved by what it grew since the last scrape. */
  const poolTotal = (name: string, help: string, total: 'acquired' | 'statements') => {
    let seen = 0;
    new Counter({
      name,
      help,
      registers,
      collect() {
        const now = app.database.pool()[total];
        this.inc(Math.max(0, now - seen));
        seen = now;
      },
    });
  };
  poolTotal(
    'sala_db_pool_acquired_total',
    'Queries or transactions that took a connection (PGlite: a turn)',
    'acquired',
  );
  poolTotal(
    'sala_db_statements_total',
    "Statements sent to the database (a transaction's BEGIN and its end are two)",
    'statements',
  );

  const bookings = new Counter({
    name: 'sala_bookings_total',
    help: 'Sessions booked, by who booked them (the client, or staff for a client or a guest)',
    labelNames: ['by'],
    registers,
  });
  const cancels = new Counter({
    name: 'sala_sessions_cancelled_total',
    help: 'Sessions cancelled',
    registers,
  });
  const sales = new Counter({
    name: 'sala_sales_total',
    help: 'Orders completed, by channel (point of sale, online store)',
    labelNames: ['channel'],
    registers,
  });
  const orderCancels = new Counter({
    name: 'sala_orders_cancelled_total',
    help: 'Orders cancelled',
    registers,
  });

  app.decorate('metrics', {
    registry,
    business: {
      sessionBooked: (by) => bookings.inc({ by }),
      sessionCancelled: () => cancels.inc(),
      sale: (channel) => sales.inc({ channel }),
      orderCancelled: () => orderCancels.inc(),
    },
  });
}
