import { ZClientsImportRequest, ZImportReport } from '@sala/shared/imports/imports.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './imports.service';

/** Administración → Importar clientes (issue 41): the super admin previews a spreadsheet, then confirms it. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['importar'];
  // The body limit is the app's (1 MiB): about 10 000 clients a file; the screen says so before sending more.

  app.post(
    '/imports/clients/preview',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Vista previa de una hoja de clientes (no guarda nada)',
        body: ZClientsImportRequest,
        response: { 200: ZImportReport },
      },
    },
    async (request) => service.previewClients(actingCtx(request), request.body),
  );

  app.post(
    '/imports/clients',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Importar una hoja de clientes (nombre, correo, telefono, creditos, activo)',
        body: ZClientsImportRequest,
        response: { 200: ZImportReport },
      },
    },
    async (request) => service.confirmClients(actingCtx(request), request.body),
  );
};
