import { Button } from '@douyinfe/semi-ui-19';
import { useUnit } from 'effector-react';
import { type FormEvent } from 'react';
import { useTranslation, Trans } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { type NotaryState } from '@contracts';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { FormField } from '@/shared/ui/form-field';
import { $busy, $flags, $sealFileError, $sealUploading, sealFileChosen, sealForm, signClicked } from '@/features/apply-notary';
import { NextButton } from './step-parts';

/** A seal uploaded inside step 2 becomes the default; the step then shows it. */
function SealUpload() {
  const { t } = useTranslation('notary');
  const [values, errors, changed, blurred, submitted, fileError, onFile, uploading] = useUnit([
    sealForm.$values,
    sealForm.$errors,
    sealForm.fieldChanged,
    sealForm.fieldBlurred,
    sealForm.submitted,
    $sealFileError,
    sealFileChosen,
    $sealUploading,
  ]);
  const imageError = fileError ? translateMessage(fileError) : '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  return (
    <form className="notary-wizard__seal-upload" noValidate onSubmit={onSubmit} data-testid="notary-seal-upload">
      <FormField
        id="notary-seal-name"
        label={t('wizard.sign.uploadName')}
        value={values.name}
        error={errors.name}
        maxLength={30}
        onChange={(value) => changed({ name: 'name', value })}
        onBlur={() => blurred('name')}
      />
      <div className="notary-wizard__field">
        <label className="notary-wizard__label" htmlFor="notary-seal-file">
          {t('wizard.sign.uploadFile')}
        </label>
        <input
          id="notary-seal-file"
          type="file"
          accept="image/png"
          aria-describedby="notary-seal-file-error"
          aria-invalid={Boolean(imageError)}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        <div id="notary-seal-file-error" className="notary-wizard__error" aria-live="polite">
          {imageError}
        </div>
      </div>
      <Button htmlType="submit" loading={uploading}>
        {t('wizard.sign.uploadSubmit')}
      </Button>
    </form>
  );
}

/** Step 2: sign online with the user's default seal. */
export function SignatureStep({ state }: { state: NotaryState }) {
  const { t } = useTranslation('notary');
  const [flags, busy, onSign] = useUnit([$flags, $busy, signClicked]);
  const seal = state.seal;
  return (
    <div className="notary-wizard__step">
      <h2 className="notary-wizard__subtitle">{t('wizard.sign.title')}</h2>
      <p className="notary-wizard__text">{t('wizard.sign.intro')}</p>
      {seal ? (
        <figure className="notary-wizard__seal">
          <img src={seal.picUrl} alt={t('wizard.sign.sealAlt', { name: seal.name })} />
          <figcaption>{seal.name}</figcaption>
        </figure>
      ) : (
        <>
          <p className="notary-wizard__warning" role="alert">
            <Trans t={t} i18nKey="wizard.sign.noSeal" components={{ seal: <Link to={paths.signature} /> }} />
          </p>
          <SealUpload />
        </>
      )}
      <div className="notary-wizard__actions">
        {flags.signTure ? (
          <>
            <span className="notary-wizard__done">{t('wizard.sign.signedAt', { time: state.signedAt })}</span>
            <NextButton />
          </>
        ) : (
          <Button theme="solid" type="primary" disabled={!seal} loading={busy} onClick={onSign}>
            {t('wizard.sign.submit')}
          </Button>
        )}
      </div>
    </div>
  );
}

/** Step 3: authorise the notary office to decrypt the order's records. */
