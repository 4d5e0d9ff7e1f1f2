import { z } from '../common/zod';

/** GET /api/health and GET /api/ready */
export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']).optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
