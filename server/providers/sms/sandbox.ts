import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { DB } from '../../db/schema';
import type { SmsMessage, SmsProvider } from './provider';

export interface OutboxEntry {
  id: number;
  phone: string;
  text: string;
  sentAt: Date;
}

/** SMS_PROVIDER=sandbox: nothing leaves the machine; each message's full text goes to `sms_outbox` (/sandbox/sms). */
export class SandboxSmsProvider implements SmsProvider {
  readonly kind = 'sandbox';
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async send({ phone, text }: SmsMessage): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, content: text, created_at: this.clock.now() }).execute();
  }

  /** Newest first. */
  async outbox(filter: { phone?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
    let query = this.db
      .selectFrom('sms_outbox')
      .select(['id', 'phone', 'content', 'created_at'])
      .orderBy('id', 'desc')
      .limit(filter.limit ?? 50);
    if (filter.phone) query = query.where('phone', '=', filter.phone);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, phone: r.phone, text: r.content, sentAt: r.created_at }));
  }
}
