import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const MAX_REMEMBERED = 500;

/**
 * Sandbox mode only: the answers of the most recent captchas, kept in memory so that browser tests (which
 * cannot read an image) can solve them. Never created with APP_MODE=production.
 */
export class SandboxCaptchaLog {
  private readonly answers = new Map<string, string>();

  readonly remember = (captchaId: string, text: string): void => {
    this.answers.set(captchaId, text);
    if (this.answers.size > MAX_REMEMBERED) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
  };

  answerOf(captchaId: string): string | undefined {
    return this.answers.get(captchaId);
  }
}

const query = z.object({ captchaId: z.string().min(1).max(64) });

export function registerSandboxCaptchaRoute(app: FastifyInstance, log: SandboxCaptchaLog): void {
  app.get('/sandbox/captcha.json', async (request, reply) => {
    const parsed = query.safeParse(request.query);
    const answer = parsed.success ? log.answerOf(parsed.data.captchaId) : undefined;
    reply.header('cache-control', 'no-store');
    if (!answer) return reply.status(404).send({ answer: null });
    return { answer };
  });
}
