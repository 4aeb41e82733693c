import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import type { InvoiceDeskDetail } from '@contracts';
import { translate } from '@/shared/i18n';
import { createForm } from '@/shared/lib/form';
import { afterMutations, createRecordScreen } from '@/shared/lib/record-screen';
import { createReasonAction, createReveal } from '@/entities/staff-member';
import {
  invoiceDetailQuery,
  invoiceIssueElectronicMutation,
  invoiceIssueMutation,
  invoiceRefuseMutation,
  invoiceResendMailMutation,
  invoiceSubmitMutation,
  invoiceRevealFx,
} from '../api/finance';
import {
  fileRefusal,
  isPaper,
  issueFormSchema,
  kindOfHead,
  submitFormSchema,
  type FileRefusal,
  type IssueRequest,
} from '../lib/issue-form';

/**
 * `/staff/invoices/{id}`: one application with its header, delivery and orders; submit to finance (1 -> 2,
 * an optional remark), issue (2 -> 3: a courier number for paper, an e-mail for electronic), refuse with a
 * reason (1 or 2 -> 4). Each decision reads the application again.
 */
const record = createRecordScreen(invoiceDetailQuery);
export const InvoiceDetailGate = record.Gate;
/** The application's masked values shown in clear (the audited view original), forgotten on leaving it. */
export const valueReveal = createReveal(invoiceRevealFx);
sample({ clock: [record.Gate.close, record.$id.updates], target: valueReveal.cleared });
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
const noIssue = { paper: false, courierCompany: '', courierNumber: '', email: '', invoiceNumber: '', invoiceCode: '', invoiceDate: '' };
export const issueForm = createForm({ schema: issueFormSchema, initialValues: noIssue });
const issued = [invoiceIssueMutation.finished.success, invoiceIssueElectronicMutation.finished.success];
export const $issueOpen = createStore(false)
  .on(issueOpened, () => true)
  .reset([issueClosed, ...issued, InvoiceDetailGate.close]);
export const $issuePending = combine(invoiceIssueMutation.$pending, invoiceIssueElectronicMutation.$pending, (a, b) => a || b);

/** The electronic invoice's files as chosen in the dialog, each checked by its first bytes and size. */
export type FileSlot = 'invoice' | 'xml';
export const fileChosen = createEvent<{ slot: FileSlot; file: File | null }>();
const checkFileFx = createEffect(async ({ slot, file }: { slot: FileSlot; file: File | null }) => {
  if (!file) return { slot, file: null, refusal: null };
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const refusal = fileRefusal(slot, kindOfHead(head), file.size);
  return { slot, file: refusal ? null : file, refusal };
});
sample({ clock: fileChosen, target: checkFileFx });
export const $files = createStore<Record<FileSlot, File | null>>({ invoice: null, xml: null })
  .on(checkFileFx.doneData, (files, { slot, file }) => ({ ...files, [slot]: file }))
  .reset([issueOpened, issueClosed, ...issued]);
/** A key of staff-desks' invoices.issueDialog per slot: why the file was not taken, or that it is missing. */
export const $fileErrors = createStore<Record<FileSlot, FileRefusal | null>>({ invoice: null, xml: null })
  .on(checkFileFx.doneData, (errors, { slot, refusal }) => ({ ...errors, [slot]: refusal }))
  .reset([issueOpened, issueClosed, ...issued]);

sample({ clock: issueOpened, target: issueForm.reset });
sample({
  clock: issueOpened,
  fn: (detail) => ({ ...noIssue, paper: isPaper(detail.type), email: detail.email }),
  target: issueForm.valuesLoaded,
});
sample({ clock: issueSubmitted, target: issueForm.submitted });
const notPending = $issuePending.map((pending) => !pending);
type Ready = { id: number; files: Record<FileSlot, File | null>; values: IssueRequest };
const issueReady = sample({
  clock: issueForm.validated,
  source: { id: $id, files: $files },
  filter: notPending,
  fn: ({ id, files }, values): Ready => ({ id, files, values }),
});
sample({
  clock: issueReady,
  filter: (r: Ready): r is Ready & { values: Extract<IssueRequest, { paper: true }> } => r.values.paper,
  fn: ({ id, values }) => ({ id, courierCompany: values.courierCompany, courierNumber: values.courierNumber }),
  target: invoiceIssueMutation.start,
});
const electronic = sample({
  clock: issueReady,
  filter: (r: Ready): r is Ready & { values: Extract<IssueRequest, { paper: false }> } => !r.values.paper,
});
// An electronic invoice goes only with its file: without one the dialog says so under the file field.
sample({
  clock: electronic,
  filter: ({ files }) => files.invoice !== null,
  fn: ({ id, files, values }) => ({
    id,
    email: values.email,
    invoiceNumber: values.invoiceNumber,
    invoiceCode: values.invoiceCode,
    invoiceDate: values.invoiceDate,
    invoice: files.invoice as File,
    xml: values.invoiceNumber.length === 20 ? files.xml : null,
  }),
  target: invoiceIssueElectronicMutation.start,
});
$fileErrors.on(sample({ clock: electronic, filter: ({ files }) => files.invoice === null }), (errors) => ({
  ...errors,
  invoice: 'fileRequired',
}));

// ---- the e-mail ----
export const resendMailClicked = createEvent();
export const $resendPending = invoiceResendMailMutation.$pending;
sample({ clock: resendMailClicked, source: $id, filter: notPendingResend(), target: invoiceResendMailMutation.start });
function notPendingResend() {
  return invoiceResendMailMutation.$pending.map((pending) => !pending);
}

// ---- refuse ----
export const refuse = createReasonAction({
  mutation: invoiceRefuseMutation,
  params: (detail: InvoiceDeskDetail, reason) => ({ id: detail.id, reason }),
});

afterMutations({
  mutations: {
    submit: invoiceSubmitMutation,
    issue: invoiceIssueMutation,
    issueElectronic: invoiceIssueElectronicMutation,
    resendMail: invoiceResendMailMutation,
    refuse: invoiceRefuseMutation,
  },
  done: (kind) => translate(`staff-desks:invoices.done.${kind}`),
  then: retryClicked,
});
