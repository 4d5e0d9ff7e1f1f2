import {
  ZAvailabilityDaysQuery,
  ZAvailabilityDaysResponse,
  ZAvailabilityHoursQuery,
  ZAvailabilityHoursResponse,
  ZAvailabilityRoomsQuery,
  ZAvailabilityRoomsResponse,
  ZAvailabilityStaffStreamQuery,
  ZAvailabilityStreamQuery,
  ZPublicBranchesResponse,
} from '@sala/shared/bookings/availability.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncoded } from '../../lib/encoded-text';
import { availableDays, availableHoursAnswer, availableRooms, publicBranches } from './availability.service';
import { attachFeed } from './live-feed';
import { createLiveStreams } from './live-streams';

/** What can be booked when: public, so visitors see free hours before logging in (docs/business-rules.md D§4). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['disponibilidad'];
  // Availability changes with every booking: never from a cache.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.get(
    '/availability/branches',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Zonas y sucursales, con su costo por sesión',
        response: { 200: ZPublicBranchesResponse },
      },
    },
    async (request) => publicBranches(request.ctx),
  );

  app.get(
    '/availability/days',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Días reservables de una sucursal (hoy y los 7 siguientes)',
        querystring: ZAvailabilityDaysQuery,
        response: { 200: ZAvailabilityDaysResponse },
      },
    },
    async (request) => availableDays(request.ctx, { branchId: request.query.branchId }),
  );

  app.get(
    '/availability/hours',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Horas de un día con su estado (libre, pasada, bloqueada, llena)',
        querystring: ZAvailabilityHoursQuery,
        response: { 200: ZAvailabilityHoursResponse },
      },
    },
    // Sent as the bytes remembered (a second at most), already checked against ZAvailabilityHoursResponse (Fastify
    // serializes objects only: a Buffer goes out as it is).
    async (request, reply) =>
      sendEncoded(
        request,
        reply.type('application/json; charset=utf-8'),
        await availableHoursAnswer(request.ctx, request.query),
      ),
  );

  app.get(
    '/availability/rooms',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Salas activas a una hora con su estado (libre, ocupada, bloqueada)',
        querystring: ZAvailabilityRoomsQuery,
        response: { 200: ZAvailabilityRoomsResponse },
      },
    },
    async (request) => availableRooms(request.ctx, request.query),
  );

  // Live availability (design §10): every process hears every process's changes.
  const { db, channels } = app.database;
  attachFeed(db, channels);
  const live = createLiveStreams({ db, channels, limits: app.config.live, log: app.log });
  await live.listen();
  // Streams never end by themselves: a stopping process ends them (the browsers reconnect to another one).
  app.addHook('preClose', async () => live.endAll());
  app.addHook('onClose', async () => live.close());

  app.get(
    '/availability/stream',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Disponibilidad en vivo de un día (Server-Sent Events): evento `state` con las horas y las salas de cada hora, al abrir y en cada cambio',
        querystring: ZAvailabilityStreamQuery,
      },
    },
    async (request, reply) => live.availability(request, reply, request.query),
  );

  app.get(
    '/availability/staff-stream',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cambios de un día para las pantallas del personal (Server-Sent Events): evento `change` por sucursal',
        querystring: ZAvailabilityStaffStreamQuery,
      },
    },
    async (request, reply) => live.staffChanges(request, reply, request.query),
  );
};
