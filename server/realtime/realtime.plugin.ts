import type { FastifyInstance } from 'fastify'
import fastifyPlugin from 'fastify-plugin'
import type { AppContext } from '../context'
import { createRealtimeServer } from './realtime-server'

/**
 * Attaches the realtime channel to the app's HTTP server. Its sockets are closed before the server
 * closes (preClose): the server's close waits for every upgraded connection.
 */
export const realtimePlugin = fastifyPlugin(
  async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
    const realtime = createRealtimeServer(ctx, app.server)
    app.addHook('preClose', () => realtime.close())
  },
  { name: 'realtime' },
)
