import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import type { FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Dialog } from '@/shared/ui/dialog';
import { TextAreaField, useField } from '@/shared/ui/form-field';
import type { ReasonAction } from '../model/desk-actions';

export type ReasonDialogProps<Subject> = {
  id: string;
  action: ReasonAction<Subject>;
  /** The dialog's title and submit text for the record being decided. */
  title: (subject: Subject) => string;
  submitText: string;
  /** What the decision does besides (a refund, a notification). */
  note?: string;
  placeholder?: string;
};

/** The dialog of a decision with a reason: the reason (1-200 characters, the user reads it), cancel, submit. */
export function ReasonDialog<Subject>({ id, action, title, submitText, note, placeholder }: ReasonDialogProps<Subject>) {
  const { t } = useTranslation('staff-desks');
  const [subject, pending, onClose, onSubmit] = useUnit([action.$subject, action.$pending, action.closed, action.submitted]);
  const reason = useField(action.form, 'reason');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      title={subject === null ? '' : title(subject)}
      open={subject !== null}
      onClose={onClose}
      closeLabel={t('common.close')}
      width="460px"
    >
      <form className="form-stack" noValidate onSubmit={submit}>
        {note ? <p className="staff-panel__intro">{note}</p> : null}
        <TextAreaField id={id} label={t('common.reason')} maxLength={200} placeholder={placeholder ?? t('common.reasonHint')} {...reason} />
        <div className="staff-dialog-buttons">
          <Button type="tertiary" onClick={() => onClose()}>
            {t('common.cancel')}
          </Button>
          <Button htmlType="submit" theme="solid" type="danger" loading={pending}>
            {submitText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
