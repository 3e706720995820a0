import { useEffect } from 'react'

/**
 * Calls `onChange(true)` once the top of `sentinel` (placed at the top of a list) leaves the view, the
 * reader having scrolled into the list, and `onChange(false)` when it is back in view. The header
 * sticks over the page's top `topInset` pixels, so the list's top under it counts as scrolled away.
 * An IntersectionObserver: no work on every scroll event, and any scrolling ancestor counts.
 *
 * The sentinel is the element itself (kept by a callback ref), not a ref object: the list mounts after
 * its skeleton, and an effect keyed on a ref object would never see the element arrive.
 */
export function useScrolledHold(
  sentinel: Element | null,
  onChange: (scrolled: boolean) => void,
  topInset = 56,
): void {
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => {
        // only once it left by the top: a list too tall to start in view is not 'scrolled'
        if (entry) onChange(!entry.isIntersecting && entry.boundingClientRect.top < topInset)
      },
      { rootMargin: `-${topInset}px 0px 0px 0px` },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [sentinel, onChange, topInset])
}
