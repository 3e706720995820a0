import { type ReactNode, useCallback, useState, useSyncExternalStore } from 'react'
import { styled } from 'styled-system/jsx'
import { useClient } from '~/views/client-context'
import { Alert } from '~/views/ui'

/**
 * Renders its children once the client's game (the boot, its stores, the game actors) is there, the
 * fallback until then: the game is loaded lazily, so the views that read it wait here. When its import
 * fails (offline, or a release replaced the chunk) the player is told and offered a fresh page load.
 */
export function GameReady({
  children,
  fallback,
}: {
  readonly children: ReactNode
  readonly fallback: ReactNode
}) {
  const client = useClient()
  const [failed, setFailed] = useState(false)
  const subscribe = useCallback(
    (changed: () => void) => {
      let listening = true
      // the client reports the failed import; the player needs to hear of it too
      client.gameThere.then(
        () => listening && changed(),
        () => listening && setFailed(true),
      )
      return () => {
        listening = false
      }
    },
    [client],
  )
  if (useSyncExternalStore(subscribe, client.hasGame)) return children
  return failed ? <GameLoadFailure /> : fallback
}

function GameLoadFailure() {
  return (
    <Alert.Root role="alert" colorPalette="down" m="4" w="auto">
      <Alert.Content>
        <Alert.Title>The game could not be loaded.</Alert.Title>
        <Alert.Description>
          Check your connection, then{' '}
          {/* a plain link to this very address: the browser loads the page and its parts afresh */}
          <styled.a href={typeof location === 'undefined' ? '/' : location.href} textDecoration="underline">
            reload the page
          </styled.a>
          .
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
