import { buffer } from 'node:stream/consumers';
import type { Kysely, Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../clock';
import type { DB, MailAttachmentRef } from '../../db/schema';
import type { FileStore } from '../../files/store';
import type { SmtpSettings } from './config';

export { MailConfigError, smtpConfig, type MailEnv, type SmtpSettings } from './config';

/** One mail: plain text, with files of the invoices store attached. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachmentRef[];
}

export interface MailProvider {
  readonly kind: 'sandbox' | 'smtp';
  /**
   * Sends the mail. `trx` is the transaction that records it as sent: the sandbox writes its outbox row in it,
   * so a mail is kept exactly once; SMTP sends before it commits (at least once: a crash between the two sends again).
   */
  send(mail: Mail, trx: Transaction<DB>): Promise<void>;
}

export interface MailOutboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  attachments: MailAttachmentRef[];
  sentAt: Date;
}

/** MAIL_PROVIDER=sandbox: nothing leaves the machine; each mail goes to `mail_outbox` (/sandbox/mail). */
export class SandboxMailProvider implements MailProvider {
  readonly kind = 'sandbox';
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async send(mail: Mail, trx: Transaction<DB>): Promise<void> {
    await trx
      .insertInto('mail_outbox')
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.text,
        attachments: JSON.stringify(mail.attachments),
        created_at: this.clock.now(),
      })
      .execute();
  }

  /** Newest first. */
  async outbox(limit = 50): Promise<MailOutboxEntry[]> {
    const rows = await this.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      to: r.recipient,
      subject: r.subject,
      text: r.body,
      attachments: r.attachments,
      sentAt: r.created_at,
    }));
  }

  async entry(id: number): Promise<MailOutboxEntry | null> {
    const r = await this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { id: r.id, to: r.recipient, subject: r.subject, text: r.body, attachments: r.attachments, sentAt: r.created_at } : null;
  }
}

/** MAIL_PROVIDER=smtp: nodemailer to the configured server; the attachments are read from the store. */
export class SmtpMailProvider implements MailProvider {
  readonly kind = 'smtp';
  readonly #transport: Transporter;

  constructor(
    private readonly settings: SmtpSettings,
    private readonly store: FileStore,
  ) {
    this.#transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.auth ? { auth: settings.auth } : {}),
      connectionTimeout: settings.timeoutMs,
      greetingTimeout: settings.timeoutMs,
      socketTimeout: settings.timeoutMs,
    });
  }

  async send(mail: Mail): Promise<void> {
    const attachments = await Promise.all(
      mail.attachments.map(async (a) => ({
        filename: a.name,
        contentType: a.type,
        content: await buffer((await this.store.open(a.key)).stream),
      })),
    );
    await this.#transport.sendMail({ from: this.settings.from, to: mail.to, subject: mail.subject, text: mail.text, attachments });
  }

  close(): void {
    this.#transport.close();
  }
}
