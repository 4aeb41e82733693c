import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config';
import { createTranslator } from '../i18n';
import { defineRoute, registerRoute } from './route';

/** A route whose answer breaks its contract (a count that is not a number), with the answer check on or off. */
async function answerOf(validateResponses: boolean) {
  const app = Fastify();
  registerRoute(
    app,
    defineRoute({
      method: 'GET',
      url: '/api/test/drift',
      summary: 'test',
      tag: 'test',
      auth: false,
      response: z.object({ count: z.number() }),
      handler: () => ({ count: 'seven' }) as unknown as { count: number },
    }),
    {
      translator: createTranslator(),
      validateResponses,
      resolveSession: () => Promise.resolve(null),
      resolveStaffSession: () => Promise.resolve(null),
    },
  );
  const response = await app.inject({ method: 'GET', url: '/api/test/drift' });
  await app.close();
  return response;
}

describe('the answer check (CHECK_RESPONSES)', () => {
  it('refuses to send an answer that breaks its contract when on, and sends it as it is when off', async () => {
    expect((await answerOf(true)).statusCode).toBe(500);
    const unchecked = await answerOf(false);
    expect(unchecked.statusCode).toBe(200);
    expect(unchecked.json()).toMatchObject({ code: 200, data: { count: 'seven' } });
  });

  it('reads CHECK_RESPONSES: unset (the mode decides: on in sandbox, off in production), on, off', () => {
    expect(loadConfig({}).CHECK_RESPONSES).toBeUndefined();
    expect(loadConfig({ CHECK_RESPONSES: 'false' }).CHECK_RESPONSES).toBe(false);
    expect(loadConfig({ CHECK_RESPONSES: '1' }).CHECK_RESPONSES).toBe(true);
    expect(() => loadConfig({ CHECK_RESPONSES: 'sometimes' })).toThrow(/CHECK_RESPONSES/);
  });
});
