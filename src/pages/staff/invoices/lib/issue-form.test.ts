import { describe, expect, it } from 'vitest';
import { issueFormSchema, submitFormSchema } from './issue-form';

const issues = (value: unknown) => {
  const parsed = issueFormSchema.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('finance dialogs', () => {
  it('a paper invoice needs a courier number of 6-30 letters or digits', () => {
    expect(issues({ paper: true, courierNumber: '', email: 'a@b.cn' })).toEqual([['courierNumber', 'courierNumber']]);
    expect(issues({ paper: true, courierNumber: 'SF12', email: '' })).toEqual([['courierNumber', 'courierNumber']]);
    expect(issues({ paper: true, courierNumber: ' SF1234567 ', email: 'x' })).toEqual({ courierNumber: 'SF1234567', email: '' });
  });

  it('an electronic invoice needs an e-mail address', () => {
    expect(issues({ paper: false, courierNumber: '', email: '' })).toEqual([['email', 'email']]);
    expect(issues({ paper: false, courierNumber: '', email: 'not-mail' })).toEqual([['email', 'email']]);
    expect(issues({ paper: false, courierNumber: 'SF1234567', email: ' li@example.cn ' })).toEqual({
      courierNumber: '',
      email: 'li@example.cn',
    });
  });

  it('the remark of a submission is optional and at most 150 characters', () => {
    expect(submitFormSchema.safeParse({ remark: '' }).success).toBe(true);
    expect(submitFormSchema.safeParse({ remark: 'x'.repeat(151) }).success).toBe(false);
  });
});
