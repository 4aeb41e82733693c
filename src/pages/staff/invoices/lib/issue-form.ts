import { z } from 'zod';
import { INVOICE_FILE_MAX_BYTES, invoiceDeskIssueElectronicFields, invoiceDeskIssueRequest, invoiceDeskSubmitRequest } from '@contracts';

/** Paper invoices (ENTERPRISE_SPECIAL) are posted with a courier; electronic ones are issued with their file and e-mailed. */
export const isPaper = (type: string) => type === 'ENTERPRISE_SPECIAL';

const { courierCompany, courierNumber } = invoiceDeskIssueRequest.shape;

export interface IssueValues {
  paper: boolean;
  courierCompany: string;
  courierNumber: string;
  email: string;
  invoiceNumber: string;
  invoiceCode: string;
  invoiceDate: string;
}

export type IssueRequest =
  | { paper: true; courierCompany: string; courierNumber: string }
  | { paper: false; email: string; invoiceNumber: string; invoiceCode: string; invoiceDate: string };

/**
 * The issue dialog's check with the contract's rules: a paper invoice needs its courier company and tracking
 * number; an electronic one the e-mail, the invoice number (8 or 20 digits), the code (12 digits with an 8-digit
 * number, none with a 20-digit fully digital one) and the date: the same rules the server applies again.
 */
export const issueFormSchema = z
  .object({
    paper: z.boolean(),
    courierCompany: z.string(),
    courierNumber: z.string(),
    email: z.string(),
    invoiceNumber: z.string(),
    invoiceCode: z.string(),
    invoiceDate: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.paper) {
      for (const [name, schema] of [
        ['courierCompany', courierCompany],
        ['courierNumber', courierNumber],
      ] as const) {
        const parsed = schema.safeParse(values[name]);
        if (!parsed.success) ctx.addIssue({ code: 'custom', path: [name], message: parsed.error.issues[0]?.message ?? name });
      }
      return;
    }
    const { email, invoiceNumber, invoiceCode, invoiceDate } = values;
    const parsed = invoiceDeskIssueElectronicFields.safeParse({ id: '1', email, invoiceNumber, invoiceCode, invoiceDate });
    const seen = new Set<string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = String(issue.path[0] ?? 'invoiceNumber');
      if (seen.has(name)) continue;
      seen.add(name);
      ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
    }
    if (email.trim() === '' && !seen.has('email')) ctx.addIssue({ code: 'custom', path: ['email'], message: 'email' });
  })
  .transform((v): IssueRequest =>
    v.paper
      ? { paper: true, courierCompany: v.courierCompany.trim(), courierNumber: v.courierNumber.trim() }
      : {
          paper: false,
          email: v.email.trim(),
          invoiceNumber: v.invoiceNumber.trim(),
          invoiceCode: v.invoiceCode.trim(),
          invoiceDate: v.invoiceDate.trim(),
        },
  );

/** What a chosen file is by its first bytes: the server checks the whole file again (an OFD's OFD.xml among others). */
export type ChosenKind = 'pdf' | 'ofd' | 'xml';

/** A file's kind from its first bytes: `%PDF-`, a zip (OFD), or XML text; null for anything else. */
export function kindOfHead(head: Uint8Array): ChosenKind | null {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 64));
  if (text.startsWith('%PDF-')) return 'pdf';
  if (text.startsWith('PK\u0003\u0004')) return 'ofd';
  if (/^(\u00ef\u00bb\u00bf)?\s*<[?A-Za-z]/.test(text)) return 'xml';
  return null;
}

/**
 * Why a chosen file cannot be attached (a key of staff-desks' invoices.issueDialog), or null: the invoice must be a
 * PDF or OFD, the data file XML, each at most 10 MB.
 */
/** Why a chosen file is refused: a key under `invoices.issueDialog` of the desks' copy. */
export type FileRefusal = 'fileTooLarge' | 'fileType' | 'xmlType' | 'fileRequired';

export function fileRefusal(slot: 'invoice' | 'xml', kind: ChosenKind | null, size: number): FileRefusal | null {
  if (size > INVOICE_FILE_MAX_BYTES) return 'fileTooLarge';
  if (slot === 'invoice' && kind !== 'pdf' && kind !== 'ofd') return 'fileType';
  if (slot === 'xml' && kind !== 'xml') return 'xmlType';
  return null;
}

/** The submit dialog's remark (optional, at most 150 characters). */
export const submitFormSchema = invoiceDeskSubmitRequest.pick({ remark: true });
