import { useLayoutEffect } from 'react'
import { useLocation } from 'wouter'

/** Spec §2 rule 4: every navigation scrolls to the top-left. */
export function ScrollToTop() {
  const [location] = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger
  useLayoutEffect(() => {
    // a block body: newer browsers return a Promise from scrollTo, which React would take for a cleanup
    window.scrollTo(0, 0)
  }, [location])
  return null
}
