import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZCity,
  ZCityListQuery,
  ZCityListResponse,
  ZCityOptionsResponse,
  ZSaveCityRequest,
} from '@sala/shared/locations/cities.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './cities.service';

/** Zones (the spec's cities): staff read them, the super admin alone changes them. */
export const cityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['zonas'];

  app.get(
    '/cities',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Zonas (paginado)',
        querystring: ZCityListQuery,
        response: { 200: ZCityListResponse },
      },
    },
    async (request) => service.listCityPage(actingCtx(request), request.query),
  );

  app.get(
    '/cities/options',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'Todas las zonas, para elegir una', response: { 200: ZCityOptionsResponse } },
    },
    async (request) => service.listCitySelectOptions(actingCtx(request)),
  );

  app.post(
    '/cities',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Crear una zona', body: ZSaveCityRequest, response: { 201: ZCity } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCity(actingCtx(request), request.body)),
  );

  app.patch(
    '/cities/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Editar una zona',
        params: ZIdParams,
        body: ZSaveCityRequest,
        response: { 200: ZCity },
      },
    },
    async (request) =>
      service.updateCity(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.delete(
    '/cities/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Eliminar una zona sin sucursales', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteCity(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
};
