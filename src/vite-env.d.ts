/// <reference types="vite/client" />

/** The variables src/config/env.ts reads and validates; all optional, see its defaults. */
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_SIGNUP_URL?: string;
  readonly VITE_OLD_DASHBOARD_URL?: string;
  readonly VITE_TRANSLATIONS_URL?: string;
  readonly VITE_CHAT_APP_ID?: string;
  readonly VITE_CHAT_SCRIPT_URL?: string;
  readonly VITE_CHAT_GLOBAL?: string;
  readonly VITE_RECORDING_SITE_ID?: string;
  readonly VITE_RECORDING_SCRIPT_URL?: string;
  readonly VITE_RECORDING_GLOBAL?: string;
  readonly VITE_ANALYTICS_ID?: string;
  readonly VITE_ANALYTICS_SCRIPT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A built banner script as a string (banner/build/viteBannerPlugin.ts), e.g. `virtual:banner-runtime/banner`. */
declare module 'virtual:banner-runtime/*' {
  const runtime: string;
  export default runtime;
}
