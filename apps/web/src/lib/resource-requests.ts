import { apiRequest } from './api-client';

const itemPath = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;

/** POST to the collection to create, PATCH the item when an id is given. */
export const saveTo =
  <TInput, TResult>(collection: string) =>
  ({ id, input }: { id?: string; input: TInput }) =>
    apiRequest<TResult>(id ? itemPath(collection, id) : collection, {
      method: id ? 'PATCH' : 'POST',
      body: input,
    });

/** The status toggle of docs/business-rules.md §4: PATCH {collection}/{id}/active. */
export const setActiveAt =
  <TResult>(collection: string) =>
  ({ id, isActive }: { id: string; isActive: boolean }) =>
    apiRequest<TResult>(`${itemPath(collection, id)}/active`, { method: 'PATCH', body: { isActive } });

/** DELETE {collection}/{id}, with a body when the API asks for a confirmation. */
export const deleteAt =
  <TBody = undefined>(collection: string) =>
  ({ id, body }: { id: string; body?: TBody }) =>
    apiRequest<void>(itemPath(collection, id), { method: 'DELETE', body });
