import { ZClientsImportRequest, ZImportReport } from '@sala/shared/imports/imports.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './imports.service';

/** Administración → Importar clientes (issue 41): the super admin previews a spreadsheet, then confirms it. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['importar'];
  // A few thousand clients are a few hundred kilobytes; the contract's longest file (CLIENTS_CSV_MAX_CHARS), with
  // two bytes for each accented letter and JSON's escapes, stays under this.
  const bodyLimit = 10 * 1024 * 1024;

  app.post(
    '/imports/clients/preview',
    {
      bodyLimit,
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
      bodyLimit,
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
