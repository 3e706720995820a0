/** Failed sign-ins per login name, so guessing is slowed per account and not only per IP. */
export interface SignInFailuresTable {
  /** `account:<id>` for a login of an existing account; otherwise the lower-case login as typed */
  loginKey: string
  failures: number
  lastFailureAt: number
}
