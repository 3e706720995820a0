import type { SyntheticEvent } from 'react'

/**
 * An author's picture that cannot load is hidden: Chromium draws a broken-image icon in a sized `<img>`
 * even with `alt=""`, over the initials that lie under it in the live stream.
 */
export function hideBrokenPicture(event: SyntheticEvent<HTMLImageElement>): void {
  event.currentTarget.style.visibility = 'hidden'
}
