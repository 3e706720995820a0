import { createContext, type ReactNode, useContext } from 'react'
import type { Client } from '~/actors/client'

const ClientContext = createContext<Client | null>(null)

/** Gives every view the client's actors and intents (created once in main.tsx, or by a test). */
export function ClientProvider({
  client,
  children,
}: {
  readonly client: Client
  readonly children: ReactNode
}) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
}

/** The client of the nearest `ClientProvider`: read its actors with `useSelector`, call its intents. */
export function useClient(): Client {
  const client = useContext(ClientContext)
  if (!client) throw new Error('useClient needs a <ClientProvider> above it')
  return client
}
