import { Button, Radio, RadioGroup, Spin } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useEffect, useMemo, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { translateMessage } from '@/shared/i18n';
import { Dialog } from '@/shared/ui/dialog';
import { FormField } from '@/shared/ui/form-field';
import { SealList } from '@/entities/signature';
import {
  $actionPending,
  $failed,
  $file,
  $fileError,
  $loading,
  $seals,
  $uploading,
  $uploadOpen,
  deleteClicked,
  fileChosen,
  retryClicked,
  setDefaultClicked,
  SignatureGate,
  uploadClosed,
  uploadForm,
  uploadOpened,
} from '../model/signature';
import './signature-page.css';

function Seals() {
  const [seals, pending, onSetDefault, onDelete] = useUnit([$seals, $actionPending, setDefaultClicked, deleteClicked]);
  return <SealList seals={seals} pending={pending} onSetDefault={onSetDefault} onDelete={onDelete} />;
}

function UploadDialog() {
  const { t } = useTranslation('signature');
  const [open, onClose, values, errors, changed, blurred, submitted, file, fileError, onFile, uploading] = useUnit([
    $uploadOpen,
    uploadClosed,
    uploadForm.$values,
    uploadForm.$errors,
    uploadForm.fieldChanged,
    uploadForm.fieldBlurred,
    uploadForm.submitted,
    $file,
    $fileError,
    fileChosen,
    $uploading,
  ]);
  const preview = useMemo(() => (file && !fileError ? URL.createObjectURL(file) : null), [file, fileError]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
  };
  const defaultError = errors.isDefault ? translateMessage(errors.isDefault) : '';
  const imageError = fileError ? translateMessage(fileError) : '';
  return (
    <Dialog className="seal-modal" title={t('upload.title')} open={open} onClose={onClose} closeLabel={t('upload.close')} width="480px">
      <form className="seal-form" noValidate onSubmit={onSubmit}>
        <FormField
          id="seal-name"
          label={t('upload.name')}
          value={values.name}
          error={errors.name}
          maxLength={30}
          placeholder={t('upload.namePlaceholder')}
          onChange={(value) => changed({ name: 'name', value })}
          onBlur={() => blurred('name')}
        />
        <fieldset className="seal-form__group" aria-describedby="seal-default-error">
          <legend className="seal-form__label">{t('upload.isDefault')}</legend>
          <RadioGroup
            value={values.isDefault}
            onChange={(event) => changed({ name: 'isDefault', value: String(event.target.value) })}
            aria-label={t('upload.isDefault')}
          >
            <Radio value="1">{t('upload.yes')}</Radio>
            <Radio value="0">{t('upload.no')}</Radio>
          </RadioGroup>
          <div id="seal-default-error" className="seal-form__error" aria-live="polite">
            {defaultError}
          </div>
        </fieldset>
        <div className="seal-form__group">
          <label className="seal-form__label" htmlFor="seal-file">
            {t('upload.image')}
          </label>
          <input
            id="seal-file"
            className="seal-form__file"
            type="file"
            accept="image/png"
            aria-describedby="seal-file-hint seal-file-error"
            aria-invalid={Boolean(imageError)}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
          <p id="seal-file-hint" className="seal-form__hint">
            {t('upload.hint')}
          </p>
          {preview ? <img className="seal-form__preview" src={preview} alt={t('upload.previewAlt')} /> : null}
          <div id="seal-file-error" className="seal-form__error" aria-live="polite">
            {imageError}
          </div>
        </div>
        <div className="seal-form__buttons">
          <Button onClick={onClose}>{t('upload.cancel')}</Button>
          <Button htmlType="submit" theme="solid" type="primary" loading={uploading}>
            {t('upload.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** /signature: the seals with previews; upload, delete, set default (exactly one default). */
export function SignaturePage() {
  useGate(SignatureGate);
  const { t } = useTranslation('signature');
  const [seals, loading, failed, onUpload, onRetry] = useUnit([$seals, $loading, $failed, uploadOpened, retryClicked]);
  let body;
  if (failed && seals.length === 0) {
    body = (
      <div className="seal__state" role="alert">
        <p>{t('failed')}</p>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </div>
    );
  } else if (!loading && seals.length === 0) {
    body = <p className="seal__state">{t('empty')}</p>;
  } else {
    body = <Seals />;
  }
  return (
    <div className="page seal">
      <div className="seal__head">
        <h1 className="seal__title">{t('title')}</h1>
        <Button theme="solid" type="primary" onClick={onUpload}>
          {t('upload.open')}
        </Button>
      </div>
      <p className="seal__intro">{t('intro')}</p>
      <section className="seal__card" aria-busy={loading}>
        <Spin spinning={loading} tip={t('loading')}>
          {body}
        </Spin>
      </section>
      <UploadDialog />
    </div>
  );
}
