import { createEvent, createStore, sample } from 'effector';
import type { InvoiceDeskDetail } from '@/shared/api';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { afterMutations, createRecordScreen } from '@/shared/lib/record-screen';
import { createReasonAction } from '@/entities/staff-member';
import { invoiceDetailQuery, invoiceIssueMutation, invoiceRefuseMutation, invoiceSubmitMutation } from '../api/finance';
import { isPaper, issueFormSchema, submitFormSchema } from '../lib/issue-form';

/**
 * `/staff/invoices/{id}`: one application with its header, delivery and orders; submit to finance (1 -> 2,
 * an optional remark), issue (2 -> 3: a courier number for paper, an e-mail for electronic), refuse with a
 * reason (1 or 2 -> 4). Each decision reads the application again.
 */
const record = createRecordScreen(invoiceDetailQuery);
export const InvoiceDetailGate = record.Gate;
export const { $detail, retryClicked } = record;
export const invoiceRecord = record;
const { $id } = record;

// ---- submit to finance ----
export const submitOpened = createEvent();
export const submitClosed = createEvent();
export const submitSubmitted = createEvent();
export const submitForm = createForm({ schema: submitFormSchema, initialValues: { remark: '' } });
export const $submitOpen = createStore(false)
  .on(submitOpened, () => true)
  .reset([submitClosed, invoiceSubmitMutation.finished.success, InvoiceDetailGate.close]);
export const $submitPending = invoiceSubmitMutation.$pending;
sample({ clock: submitOpened, target: submitForm.reset });
sample({ clock: submitSubmitted, target: submitForm.submitted });
sample({
  clock: submitForm.validated,
  source: $id,
  filter: invoiceSubmitMutation.$pending.map((pending) => !pending),
  fn: (id, { remark }) => ({ id, remark }),
  target: invoiceSubmitMutation.start,
});

// ---- issue ----
export const issueOpened = createEvent<InvoiceDeskDetail>();
export const issueClosed = createEvent();
export const issueSubmitted = createEvent();
const noIssue: { paper: boolean; courierNumber: string; email: string } = { paper: false, courierNumber: '', email: '' };
export const issueForm = createForm({ schema: issueFormSchema, initialValues: noIssue });
export const $issueOpen = createStore(false)
  .on(issueOpened, () => true)
  .reset([issueClosed, invoiceIssueMutation.finished.success, InvoiceDetailGate.close]);
export const $issuePending = invoiceIssueMutation.$pending;
sample({ clock: issueOpened, target: issueForm.reset });
sample({
  clock: issueOpened,
  fn: (detail) => ({ paper: isPaper(detail.type), courierNumber: '', email: detail.email }),
  target: issueForm.valuesLoaded,
});
sample({ clock: issueSubmitted, target: issueForm.submitted });
sample({
  clock: issueForm.validated,
  source: $id,
  filter: invoiceIssueMutation.$pending.map((pending) => !pending),
  fn: (id, values) => ({ id, ...values }),
  target: invoiceIssueMutation.start,
});

// ---- refuse ----
export const refuse = createReasonAction({
  mutation: invoiceRefuseMutation,
  params: (detail: InvoiceDeskDetail, reason) => ({ id: detail.id, reason }),
});

afterMutations({
  mutations: { submit: invoiceSubmitMutation, issue: invoiceIssueMutation, refuse: invoiceRefuseMutation },
  done: (kind) => translate(`staff-desks:invoices.done.${kind}`),
  then: retryClicked,
});
