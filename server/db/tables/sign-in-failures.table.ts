/** Failed sign-ins per login name, so guessing is slowed per account and not only per IP. */
export interface SignInFailuresTable {
  /** lower-case login (e-mail or username) as typed, whether or not such an account exists */
  loginKey: string
  failures: number
  lastFailureAt: number
}
