/**
 * A fetch for the game API client in Node that behaves like a browser on the app's origin: it keeps
 * the session cookie (what `credentials: 'include'` does in a browser) and sends the Origin header a
 * browser sends on writes, so the server's CSRF defence lets the client's writes through.
 */
export function browserFetch(origin: string) {
  const cookies = new Map<string, string>()
  const fetchLikeABrowser: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('origin', origin)
    if (cookies.size > 0)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const [name = '', ...rest] = pair.split('=')
      const value = rest.join('=')
      const expired = attributes.some(
        (a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a),
      )
      if (expired || value === '') cookies.delete(name.trim())
      else cookies.set(name.trim(), value)
    }
    return response
  }
  return { fetch: fetchLikeABrowser, cookies }
}
