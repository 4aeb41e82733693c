import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { translateMessage } from '@/shared/i18n';
import { nextClicked } from '@/features/apply-notary';

/** The wizard's "next" button. */
export function NextButton() {
  const { t } = useTranslation('notary');
  const onNext = useUnit(nextClicked);
  return (
    <Button theme="solid" type="primary" onClick={onNext}>
      {t('wizard.next')}
    </Button>
  );
}

/** A field's message under it, announced politely. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div id={id} className="form-field__error" aria-live="polite">
      {error ? translateMessage(error) : ''}
    </div>
  );
}
