/**
 * Keeps the `dark` class on <html> in step with the system preference: Park UI's `_dark` condition is
 * `.dark &`. main.tsx calls this before the first render. It lives in a module rather than an inline
 * script in index.html so the server's CSP can stay `script-src 'self'`.
 */
export function followSystemColorScheme(root: HTMLElement = document.documentElement): void {
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)')
  root.classList.toggle('dark', prefersDark.matches)
  prefersDark.addEventListener('change', (event) => root.classList.toggle('dark', event.matches))
}
