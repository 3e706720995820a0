import { Md5 } from 'ts-md5'

/** What the authorize fingerprint is made of (spec §7: platform info). */
export interface PlatformInfo {
  readonly userAgent: string
  readonly language: string
  readonly platform: string
  readonly screen: { readonly width: number; readonly height: number }
  readonly timeZone: string
}

/** The platform info of this browser; empty fields where there is no browser (Node). */
export function readPlatformInfo(): PlatformInfo {
  const nav = globalThis.navigator as Partial<Navigator> | undefined
  const screen = (globalThis as { screen?: { width?: number; height?: number } }).screen
  return {
    userAgent: nav?.userAgent ?? '',
    language: nav?.language ?? '',
    platform: nav?.platform ?? '',
    screen: { width: screen?.width ?? 0, height: screen?.height ?? 0 },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
  }
}

/** MD5 (ts-md5) of the JSON of the platform info, in the field order above. */
export const platformFingerprint = (info: PlatformInfo): string =>
  Md5.hashStr(
    JSON.stringify({
      userAgent: info.userAgent,
      language: info.language,
      platform: info.platform,
      screen: { width: info.screen.width, height: info.screen.height },
      timeZone: info.timeZone,
    }),
  )

/** Spec §7: the fingerprint sent with 'authorize': the configured value, else the platform's MD5. */
export const authorizeFingerprint = (configured?: string, info: () => PlatformInfo = readPlatformInfo) =>
  configured?.trim() ? configured.trim() : platformFingerprint(info())
