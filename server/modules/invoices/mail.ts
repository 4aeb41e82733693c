import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { Translator } from '../../i18n';
import type { JobHandler, JobQueue, JobRow } from '../../jobs/queue';
import type { MailProvider } from '../../providers/mail';
import type { InvoiceMailer } from './desk';
import { attachmentsOf } from './documents';

export const JOB_INVOICE_MAIL = 'invoice.mail';
/** A failing server is tried this often (5 s, 10 s, 15 s … apart: the queue's backoff) before the desk sees "failed". */
const MAIL_ATTEMPTS = 5;

interface Deps {
  db: Kysely<DB>;
  clock: Clock;
  translator: Translator;
  jobs: JobQueue;
  mail: MailProvider;
}

/**
 * The e-mail of an issued electronic invoice, a job of the jobs table: enqueued in the issuing transaction, so
 * it exists exactly when the invoice does; a failure is retried, and a worker that dies mid-way leaves the job
 * to be taken again when its lease runs out. The application's mail_state says queued / sent / failed.
 */
export function invoiceMail(deps: Deps): { mailer: InvoiceMailer; handler: JobHandler } {
  const { db, clock, translator, jobs, mail } = deps;
  const t = translator.t;

  const run = async (job: JobRow) => {
    const applicationId = Number(job.payload.applicationId);
    const row = await db.selectFrom('invoice_applications').selectAll().where('id', '=', applicationId).executeTakeFirst();
    // Gone, or already sent by an earlier attempt whose completion was lost: nothing to do.
    if (!row || row.mail_state !== 'queued') {
      await jobs.complete(db, job.id);
      return;
    }
    const attachments = await attachmentsOf(db, t, row.id, row.invoice_number);
    const message = {
      to: row.email,
      subject: t('invoice:mailSubject', { no: row.apply_no, number: row.invoice_number }),
      text: t('invoice:mailText', {
        head: row.head,
        no: row.apply_no,
        number: row.invoice_number,
        code: row.invoice_code || t('invoice:mailNoCode'),
        date: row.invoice_date,
      }),
      attachments,
    };
    try {
      await db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('invoice_applications')
          .select('mail_state')
          .where('id', '=', applicationId)
          .forUpdate()
          .executeTakeFirst();
        if (locked?.mail_state === 'queued') {
          await mail.send(message, trx);
          await trx
            .updateTable('invoice_applications')
            .set({ mail_state: 'sent', mail_error: '', mailed_at: clock.now() })
            .where('id', '=', applicationId)
            .execute();
        }
        await jobs.complete(trx, job.id);
      });
    } catch (error) {
      // Shown on the desk while the job retries; giveUp marks it failed when the attempts are used up.
      const text = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('invoice_applications')
        .set({ mail_error: text.slice(0, 500) })
        .where('id', '=', applicationId)
        .where('mail_state', '=', 'queued')
        .execute();
      throw error;
    }
  };

  const giveUp = async (job: JobRow, error: string) => {
    await db
      .updateTable('invoice_applications')
      .set({ mail_state: 'failed', mail_error: error.slice(0, 500) })
      .where('id', '=', Number(job.payload.applicationId))
      .where('mail_state', '=', 'queued')
      .execute();
  };

  return {
    mailer: {
      enqueue: async (trx, applicationId) => {
        await jobs.enqueue(trx, JOB_INVOICE_MAIL, { applicationId }, { maxAttempts: MAIL_ATTEMPTS });
      },
      wake: () => jobs.poke(),
    },
    handler: { kind: JOB_INVOICE_MAIL, leaseSeconds: 120, timeoutSeconds: 60, run, giveUp },
  };
}
