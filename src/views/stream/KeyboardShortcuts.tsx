import { memo } from 'react'
import { styled } from 'styled-system/jsx'
import { feedShortcutHints } from './feed-keys'

/**
 * The visible 'Keyboard shortcuts' hint of the live stream (static: memoised); not on touch screens
 * without a pointer, where nobody has the keys.
 */
export const KeyboardShortcuts = memo(function KeyboardShortcuts() {
  return (
    <styled.section
      aria-labelledby="feed-shortcuts"
      fontSize="xs"
      color="fg.muted"
      _touchOnly={{ display: 'none' }}
    >
      <styled.h3 id="feed-shortcuts" fontWeight="semibold" color="fg.default" mb="1">
        Keyboard shortcuts
      </styled.h3>
      <styled.dl display="flex" flexWrap="wrap" columnGap="4" rowGap="1">
        {feedShortcutHints.map((hint) => (
          <styled.div key={hint.keys} display="flex" gap="1">
            <dt>
              <styled.kbd fontFamily="mono" borderWidth="1px" borderRadius="l1" px="1">
                {hint.keys}
              </styled.kbd>
            </dt>
            <dd>{hint.does}</dd>
          </styled.div>
        ))}
      </styled.dl>
    </styled.section>
  )
})
