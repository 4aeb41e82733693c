import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import type { Reveal } from '../model/reveal';
import './reveal-value.css';

/**
 * A value a desk shows masked, with the "view original" button beside it: once asked for, the full value in
 * its place and a note that the view was recorded. A value with nothing masked in it is shown as it is. `what` names the value for the button's accessible name.
 */
export function RevealValue({
  reveal,
  id,
  field,
  masked,
  what,
}: {
  reveal: Reveal;
  id: number;
  field: string;
  masked: string;
  what: string;
}) {
  const { t } = useTranslation('staff-desks');
  const [values, asking, onReveal] = useUnit([reveal.$values, reveal.$asking, reveal.revealClicked]);
  const key = reveal.keyOf({ id, field });
  const clear = values[key];
  if (!masked) return <>{t('common.none')}</>;
  // Nothing was masked (an address line without a phone number in it): nothing to reveal.
  if (!masked.includes('*')) return <>{masked}</>;
  if (clear !== undefined) {
    return (
      <span className="staff-reveal" data-testid={`reveal-${field}`} data-revealed="true">
        <span className="staff-reveal__value">{clear}</span>
        <span className="staff-reveal__note">{t('common.revealed')}</span>
      </span>
    );
  }
  return (
    <span className="staff-reveal" data-testid={`reveal-${field}`}>
      <span className="staff-reveal__value">{masked}</span>
      <Button
        size="small"
        theme="borderless"
        className="staff-reveal__button"
        aria-label={t('common.revealLabel', { what })}
        loading={asking[key] === true}
        onClick={() => onReveal({ id, field })}
      >
        {t('common.reveal')}
      </Button>
    </span>
  );
}
