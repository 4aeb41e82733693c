/** A configuration the server refuses to start with; `details` names the variable or the reason. */
export class ConfigError extends Error {
  constructor(
    readonly kind: 'invalid' | 'productionSandbox' | 'sharedKeysMissing' | 'trustProxyAll',
    readonly details: string,
  ) {
    super(`${kind}: ${details}`);
  }
}
