import { version } from '../../../package.json'

/** The app version sent as `x-app-version`; Vite inlines only this field of package.json. */
export const appVersion: string = version
