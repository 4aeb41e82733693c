/**
 * MAIL_PROVIDER=smtp: the SMTP server's address, login and sender, read from SMTP_URL (`smtp://` or `smtps://`,
 * user and password in it allowed) or SMTP_HOST / SMTP_PORT / SMTP_SECURE / SMTP_USER / SMTP_PASS, and SMTP_FROM.
 * Checked at start, so a wrong value stops the server with the variable named instead of failing at the first mail.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  auth: { user: string; pass: string } | null;
  /** The sender: an address, or `Name <address>`. */
  from: string;
  timeoutMs: number;
}

export interface MailEnv {
  SMTP_URL?: string | undefined;
  SMTP_HOST?: string | undefined;
  SMTP_PORT?: string | undefined;
  SMTP_SECURE?: string | undefined;
  SMTP_USER?: string | undefined;
  SMTP_PASS?: string | undefined;
  SMTP_FROM?: string | undefined;
  SMTP_TIMEOUT_MS?: string | undefined;
}

export class MailConfigError extends Error {}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const HOST = /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/;

function port(text: string, name: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1 || n > 65535) throw new MailConfigError(`${name}: must be a port number (1-65535)`);
  return n;
}

/** The sender must be an address, or a display name followed by `<address>`. */
function sender(from: string | undefined): string {
  if (!from) throw new MailConfigError('SMTP_FROM: the sender address is required with MAIL_PROVIDER=smtp');
  const named = /^(.*)<([^<>]+)>$/.exec(from);
  const address = (named ? named[2] : from)?.trim() ?? '';
  if (!ADDRESS.test(address)) throw new MailConfigError('SMTP_FROM: must be an e-mail address, or Name <address>');
  return from;
}

export function smtpConfig(env: MailEnv): SmtpSettings {
  const from = sender(env.SMTP_FROM);
  const timeout = env.SMTP_TIMEOUT_MS ?? '15000';
  if (!/^\d+$/.test(timeout) || Number(timeout) < 1000 || Number(timeout) > 120_000)
    throw new MailConfigError('SMTP_TIMEOUT_MS: must be a whole number of milliseconds from 1000 to 120000');
  const timeoutMs = Number(timeout);
  if (env.SMTP_URL) {
    if (env.SMTP_HOST) throw new MailConfigError('SMTP_HOST: set SMTP_URL or SMTP_HOST, not both');
    let url: URL;
    try {
      url = new URL(env.SMTP_URL);
    } catch {
      throw new MailConfigError('SMTP_URL: must be smtp://[user:password@]host[:port] or smtps://…');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
      throw new MailConfigError('SMTP_URL: must be smtp://[user:password@]host[:port] or smtps://…');
    if (!url.hostname || (url.pathname !== '' && url.pathname !== '/') || url.search)
      throw new MailConfigError('SMTP_URL: must name a host, without path or query');
    const secure = url.protocol === 'smtps:';
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    if (Boolean(user) !== Boolean(pass)) throw new MailConfigError('SMTP_URL: give both the user and the password, or neither');
    return {
      host: url.hostname,
      port: url.port ? port(url.port, 'SMTP_URL') : secure ? 465 : 587,
      secure,
      auth: user ? { user, pass } : null,
      from,
      timeoutMs,
    };
  }
  if (!env.SMTP_HOST) throw new MailConfigError('SMTP_HOST: the SMTP server is required with MAIL_PROVIDER=smtp (or SMTP_URL)');
  if (!HOST.test(env.SMTP_HOST)) throw new MailConfigError('SMTP_HOST: must be a host name or address');
  const secureText = (env.SMTP_SECURE ?? '').toLowerCase();
  if (!['', 'true', 'false', '1', '0'].includes(secureText)) throw new MailConfigError('SMTP_SECURE: must be true or false');
  const secure = secureText === 'true' || secureText === '1';
  if (Boolean(env.SMTP_USER) !== Boolean(env.SMTP_PASS))
    throw new MailConfigError('SMTP_PASS: give both SMTP_USER and SMTP_PASS, or neither');
  return {
    host: env.SMTP_HOST,
    port: env.SMTP_PORT ? port(env.SMTP_PORT, 'SMTP_PORT') : secure ? 465 : 587,
    secure,
    auth: env.SMTP_USER && env.SMTP_PASS ? { user: env.SMTP_USER, pass: env.SMTP_PASS } : null,
    from,
    timeoutMs,
  };
}
