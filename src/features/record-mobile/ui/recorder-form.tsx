import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { CAPTURE_LABEL_MAX, CAPTURE_TITLE_MAX, mobileMediaKindSchema } from '@contracts';
import { useTranslation } from '@/shared/i18n';
import { FormField, useField } from '@/shared/ui/form-field';
import { $busy, $includeLocation, $kind, kindChosen, locationToggled, recordingStarted, startForm } from '../model/recorder';
import { RecorderErrorText } from './recorder-error';

/** Photo, video or sound; the title and label as the contract checks them; location only when ticked. */
export function RecorderForm() {
  const { t } = useTranslation('capture');
  const title = useField(startForm, 'title');
  const label = useField(startForm, 'label');
  const [kind, includeLocation, busy] = useUnit([$kind, $includeLocation, $busy]);
  const [onKind, onLocation, onStart] = useUnit([kindChosen, locationToggled, recordingStarted]);
  return (
    <form
      className="mobile-recorder__card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      <fieldset className="mobile-recorder__kinds">
        <legend>{t('mobileRecorder.kindLegend')}</legend>
        {mobileMediaKindSchema.options.map((option) => (
          <label key={option} className={`mobile-recorder__kind${kind === option ? ' mobile-recorder__kind--on' : ''}`}>
            <input type="radio" name="mobile-kind" value={option} checked={kind === option} onChange={() => onKind(option)} />
            {t(`mobileRecorder.kind.${option}`)}
          </label>
        ))}
      </fieldset>
      <FormField
        id="mobile-title"
        label={t('mobileRecorder.titleLabel')}
        maxLength={CAPTURE_TITLE_MAX}
        placeholder={t('mobileRecorder.titlePlaceholder')}
        {...title}
      />
      <FormField id="mobile-label" label={t('mobileRecorder.labelLabel')} required={false} maxLength={CAPTURE_LABEL_MAX} {...label} />
      <label className="mobile-recorder__check">
        <input type="checkbox" checked={includeLocation} onChange={(event) => onLocation(event.target.checked)} />
        {t('mobileRecorder.location')}
      </label>
      <RecorderErrorText />
      <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={busy} data-testid="mobile-start">
        {busy ? t('mobileRecorder.starting') : t('mobileRecorder.start')}
      </Button>
      <p className="mobile-recorder__hint">{t('mobileRecorder.permissionHint')}</p>
    </form>
  );
}
