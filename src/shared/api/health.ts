import { z } from 'zod';

// GET /healthz: the server's readiness, for load balancers and start scripts.

/** The answer once the server is ready. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
