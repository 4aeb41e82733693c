/** What the run mode decides beside the schema: which providers are sandboxes, and variables that no longer mean anything. */

/** The provider choices of a parsed configuration (server/config.ts), as far as the sandbox check reads them. */
export interface ProviderChoices {
  SMS_PROVIDER: string;
  MAIL_PROVIDER: string;
  PAYMENT_PROVIDER: readonly string[];
  TSA_URL?: string | undefined;
  FACE_PROVIDER: string;
}

/** Names of the sandbox providers in use; production must have none. */
export function sandboxProviders(config: ProviderChoices): string[] {
  const names: string[] = [];
  if (config.SMS_PROVIDER === 'sandbox') names.push('SMS_PROVIDER=sandbox');
  if (config.MAIL_PROVIDER === 'sandbox') names.push('MAIL_PROVIDER=sandbox');
  if (config.PAYMENT_PROVIDER.includes('sandbox')) names.push('PAYMENT_PROVIDER=sandbox');
  if (!config.TSA_URL) names.push('TSA_URL=(sandbox time-stamping authority)');
  if (config.FACE_PROVIDER === 'sandbox') names.push('FACE_PROVIDER=sandbox');
  return names;
}

/**
 * Variables that named a /sandbox/* desk instead of the staff console. The staff console is the only
 * verification reviewer, notary office and finance desk in every mode, so they mean nothing: a deployment that
 * still sets them starts normally, and the server names them in a warning at start (docs/decisions/staff.md).
 */
export const RETIRED_DESK_VARIABLES = ['KYC_REVIEW_PROVIDER', 'NOTARY_PROVIDER', 'INVOICE_PROVIDER'] as const;

/** The retired desk variables the environment still sets (any value), for the warning at start. */
export function retiredDeskVariables(env: NodeJS.ProcessEnv): string[] {
  return RETIRED_DESK_VARIABLES.filter((name) => (env[name] ?? '').trim() !== '').map((name) => `${name}=${env[name] ?? ''}`);
}
