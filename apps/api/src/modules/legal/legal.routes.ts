import { ZMessageResponse } from '@sala/shared/auth/auth.contract';
import {
  ZAcceptConsentsRequest,
  ZLegalResponse,
  ZSaveBusinessContactRequest,
  ZSaveLegalFactsRequest,
} from '@sala/shared/legal/legal.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './legal.service';

/** The business's legal facts (the notice and the terms render from them) and each person's consents. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacidad'];

  app.get(
    '/legal',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Datos legales del negocio y versiones vigentes del aviso y los términos',
        response: { 200: ZLegalResponse },
      },
    },
    async (request) => service.getLegal(request.ctx),
  );

  app.put(
    '/legal',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Guardar los datos legales del negocio',
        body: ZSaveLegalFactsRequest,
        response: { 200: ZLegalResponse },
      },
    },
    async (request) => service.saveLegalFacts(actingCtx(request), request.body),
  );

  app.put(
    '/legal/contact',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Guardar el teléfono, el WhatsApp y las redes sociales del negocio',
        body: ZSaveBusinessContactRequest,
        response: { 200: ZLegalResponse },
      },
    },
    async (request) => service.saveContact(actingCtx(request), request.body),
  );

  app.post(
    '/me/consents',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Aceptar el aviso de privacidad y los términos vigentes',
        body: ZAcceptConsentsRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => service.acceptConsents(actingCtx(request), request.body),
  );
};
