import { allSettled, createEvent, createStore, fork, sample } from 'effector';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createForm } from './create-form';
import { collectErrors, errorsOf, hasErrors } from './validate';

const schema = z
  .object({
    name: z
      .string()
      .min(1, 'nameEmpty')
      .regex(/^[a-z]+$/, 'nameInvalid'),
    code: z.string().min(1, 'codeEmpty'),
    repeat: z.string(),
  })
  .refine((v) => v.code === v.repeat, { message: 'mismatch', path: ['repeat'] });

const setup = () =>
  createForm({
    schema,
    initialValues: { name: '', code: '', repeat: '', extra: '' },
    fieldSchemas: { extra: z.string().min(1, 'extraEmpty') },
  });

describe('collectErrors', () => {
  it('keeps the first message per top-level field', () => {
    const result = collectErrors(schema, { name: '', code: 'a', repeat: 'b' });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ name: 'nameEmpty', repeat: 'mismatch' });
  });

  it('returns the parsed data when valid', () => {
    const result = collectErrors(schema, { name: 'abc', code: 'x', repeat: 'x', ignored: 1 });
    expect(result).toEqual({ ok: true, data: { name: 'abc', code: 'x', repeat: 'x' }, errors: {} });
  });

  it('errorsOf reports null for passing names', () => {
    expect(errorsOf(schema, { name: '1', code: '', repeat: '' }, ['name', 'code', 'repeat'])).toEqual({
      name: 'nameInvalid',
      code: 'codeEmpty',
      repeat: null,
    });
    expect(hasErrors({ a: null, b: undefined })).toBe(false);
    expect(hasErrors({ a: null, b: 'x' })).toBe(true);
  });
});

describe('createForm', () => {
  it('stores changed values', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'ab' } });
    await allSettled(form.valuesPatched, { scope, params: { code: 'c', repeat: 'c' } });
    expect(scope.getState(form.$values)).toEqual({ name: 'ab', code: 'c', repeat: 'c', extra: '' });
  });

  it('validates only the blurred field', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldBlurred, { scope, params: 'name' });
    expect(scope.getState(form.$errors)).toEqual({ name: 'nameEmpty' });
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'A' } });
    expect(scope.getState(form.$errors)).toEqual({ name: 'nameInvalid' });
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'abc' } });
    expect(scope.getState(form.$errors)).toEqual({});
  });

  it('does not show errors while typing in an untouched field', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: 'A' } });
    expect(scope.getState(form.$errors)).toEqual({});
  });

  it('checks a field outside the schema with its own schema', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldBlurred, { scope, params: 'extra' });
    expect(scope.getState(form.$errors)).toEqual({ extra: 'extraEmpty' });
  });

  it('rejects an invalid submit with every message and does not fire validated', async () => {
    const form = setup();
    const validated = createEvent<unknown>();
    const $calls = createStore(0).on(validated, (n) => n + 1);
    sample({ clock: form.validated, target: validated });
    const scope = fork();
    await allSettled(form.fieldChanged, { scope, params: { name: 'repeat', value: 'x' } });
    await allSettled(form.submitted, { scope });
    expect(scope.getState(form.$errors)).toEqual({ name: 'nameEmpty', code: 'codeEmpty', repeat: 'mismatch' });
    expect(scope.getState($calls)).toBe(0);
  });

  it('fires validated with the parsed values', async () => {
    const form = setup();
    const $last = createStore<unknown>(null).on(form.validated, (_, data) => data);
    const scope = fork({ values: [[form.$values, { name: 'ok', code: '1', repeat: '1', extra: 'e' }]] });
    await allSettled(form.submitted, { scope });
    expect(scope.getState($last)).toEqual({ name: 'ok', code: '1', repeat: '1' });
    expect(scope.getState(form.$errors)).toEqual({});
  });

  it('patches errors and resets', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.errorsPatched, { scope, params: { name: 'server', code: null } });
    expect(scope.getState(form.$errors)).toEqual({ name: 'server' });
    await allSettled(form.fieldChanged, { scope, params: { name: 'code', value: 'x' } });
    await allSettled(form.reset, { scope });
    expect(scope.getState(form.$errors)).toEqual({});
    expect(scope.getState(form.$values).code).toBe('');
  });

  it('lets loaded values fill only the fields the person has not edited', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldChanged, { scope, params: { name: 'code', value: 'typed' } });
    await allSettled(form.valuesLoaded, { scope, params: { name: 'stored', code: 'stored' } });
    expect(scope.getState(form.$values)).toEqual({ name: 'stored', code: 'typed', repeat: '', extra: '' });
    expect(scope.getState(form.$edited)).toEqual({ code: true });
    // A field emptied by the person stays empty.
    await allSettled(form.fieldChanged, { scope, params: { name: 'name', value: '' } });
    await allSettled(form.valuesLoaded, { scope, params: { name: 'again' } });
    expect(scope.getState(form.$values).name).toBe('');
  });

  it('fills every field again after a reset', async () => {
    const form = setup();
    const scope = fork();
    await allSettled(form.fieldChanged, { scope, params: { name: 'code', value: 'typed' } });
    await allSettled(form.reset, { scope });
    expect(scope.getState(form.$edited)).toEqual({});
    await allSettled(form.valuesLoaded, { scope, params: { code: 'stored' } });
    expect(scope.getState(form.$values).code).toBe('stored');
  });
});
