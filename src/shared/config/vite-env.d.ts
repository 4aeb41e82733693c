/// <reference types="vite/client" />

/** The build variables this app reads (all optional; src/shared/config/env.ts gives each its default). */
interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_ICP_FILING?: string;
  readonly VITE_POLICE_FILING?: string;
  readonly VITE_POLICE_FILING_LINK?: string;
  readonly VITE_ICP_FILING_LINK?: string;
  readonly VITE_NOTARY_PRODUCTION_HOST?: string;
  readonly VITE_SANDBOX_PROVIDERS?: string;
  readonly VITE_FACE_VERIFY_HOSTS?: string;
}
