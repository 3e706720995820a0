import './index.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient } from '~/actors/client'
import { lookUpSession } from '~/actors/session.actors'
import { followSystemColorScheme } from '~/color-scheme'
import { App } from '~/views/App'
import { browserNavigator } from '~/views/browser-navigator'
import { ClientProvider } from '~/views/client-context'

followSystemColorScheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const client = createClient({ navigate: browserNavigator })

// Spec §2 rule 6: the app is mounted after the start-up steps ran: the auth info has answered (one
// look-up, which the game's boot reuses), so the first route is already the right one for a guest, a player or a first-time
// player — no detour to the sign-in page while a player's session is still being looked up.
await lookUpSession(client.session)

createRoot(container).render(
  <StrictMode>
    <ClientProvider client={client}>
      <App />
    </ClientProvider>
  </StrictMode>,
)
