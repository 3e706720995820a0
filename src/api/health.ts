import { z } from 'zod'

/** `GET /v1/health` when the database answers (200). */
export const healthySchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** since this process started */
  uptimeSeconds: z.number().int().min(0),
})

/** `GET /v1/health` when the database does not answer (503): a load balancer takes the process out. */
export const unhealthySchema = z.object({
  status: z.literal('degraded'),
  database: z.literal('unreachable'),
})
