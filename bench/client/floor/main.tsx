/**
 * The floor of bench/client: the least an app on our stack ships before its first screen. It uses each
 * library the SPA needs at start (rendering, a machine read by a view, routing, the socket, the API
 * client) in the plainest way, so tree-shaking keeps what any use of them needs and nothing more.
 */
import { useSelector } from '@xstate/react'
import { ofetch } from 'ofetch'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { io } from 'socket.io-client'
import { Link, Route, Switch } from 'wouter'
import { assign, createActor, setup } from 'xstate'

const api = ofetch.create({ baseURL: '/v1' })
const socket = io({ autoConnect: false })
const counter = setup({
  types: {} as { context: { count: number }; events: { type: 'count.add' } },
}).createMachine({
  context: { count: 0 },
  on: { 'count.add': { actions: assign({ count: ({ context }) => context.count + 1 }) } },
})
const actor = createActor(counter).start()

function Counter() {
  const count = useSelector(actor, (snapshot) => snapshot.context.count)
  const add = () => {
    actor.send({ type: 'count.add' })
    socket.connect()
    void api('/health')
  }
  return (
    <button type="button" onClick={add}>
      {count}
    </button>
  )
}

const container = document.getElementById('root')
if (container)
  createRoot(container).render(
    <StrictMode>
      <Link href="/">home</Link>
      <Switch>
        <Route path="/" component={Counter} />
      </Switch>
    </StrictMode>,
  )
