import { z } from 'zod';
import { invoiceDeskIssueRequest, invoiceDeskSubmitRequest, msg } from '@/shared/api';

/** Paper invoices (ENTERPRISE_SPECIAL) are posted with a courier number; electronic ones are e-mailed. */
export const isPaper = (type: string) => type === 'ENTERPRISE_SPECIAL';

const { courierNumber, email } = invoiceDeskIssueRequest.shape;

/**
 * The issue dialog's check with the contract's rules: a paper invoice needs a courier number (6-30 letters or
 * digits), an electronic one an e-mail address (the applied one by default).
 */
export const issueFormSchema = z
  .object({ paper: z.boolean(), courierNumber: z.string(), email: z.string() })
  .superRefine((values, ctx) => {
    if (values.paper) {
      const parsed = courierNumber.safeParse(values.courierNumber);
      if (!parsed.success || parsed.data === '') ctx.addIssue({ code: 'custom', path: ['courierNumber'], message: msg('courierNumber') });
    } else {
      const parsed = email.safeParse(values.email);
      if (!parsed.success || parsed.data === '') ctx.addIssue({ code: 'custom', path: ['email'], message: msg('email') });
    }
  })
  .transform((values) =>
    values.paper ? { courierNumber: values.courierNumber.trim(), email: '' } : { courierNumber: '', email: values.email.trim() },
  );

/** The submit dialog's remark (optional, at most 150 characters). */
export const submitFormSchema = invoiceDeskSubmitRequest.pick({ remark: true });
