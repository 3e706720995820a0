/** An expected failure with its HTTP status, stable code and the text a player reads. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please sign in first.')
export const forbidden = () => new AppError(403, 'forbidden', 'You are not allowed to do this.')
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found.`)
