import { Button, TextArea } from '@douyinfe/semi-ui-19';
import { useGate, useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Link } from 'react-router-dom';
import { CAPTURE_LABEL_MAX, CAPTURE_TITLE_MAX } from '@contracts';
import { translateMessage } from '@/shared/i18n';
import { paths } from '@/shared/routing';
import { FormField, useField } from '@/shared/ui/form-field';
import { $addressCount, $submitting, $total, $unitPrice, NewWebGate, submitClicked, webForm } from '../model/new-web';
import './new-web-page.css';

function UrlsField() {
  const { t } = useTranslation('capture');
  const field = useField(webForm, 'urls');
  const message = field.error ? translateMessage(field.error) : '';
  return (
    <div className={`form-field${message ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor="capture-urls">
        {t('newWeb.urls')}
      </label>
      <TextArea
        id="capture-urls"
        value={field.value}
        rows={5}
        autosize={{ minRows: 4, maxRows: 10 }}
        placeholder={t('newWeb.urlsPlaceholder')}
        aria-required
        aria-invalid={Boolean(message)}
        aria-describedby="capture-urls-hint capture-urls-error"
        validateStatus={message ? 'error' : 'default'}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      <div id="capture-urls-hint" className="new-web__hint">
        {t('newWeb.urlsHint')}
      </div>
      <div id="capture-urls-error" className="form-field__error" aria-live="polite">
        {message}
      </div>
    </div>
  );
}

function Price() {
  const { t } = useTranslation('capture');
  const [unit, count, total] = useUnit([$unitPrice, $addressCount, $total]);
  if (unit === null) return null;
  return (
    <p className="new-web__price" data-testid="capture-price" aria-live="polite">
      {t('newWeb.price', { unit, count, total: total ?? 0 })}
    </p>
  );
}

/** /newWeb: addresses, title and label; the price is shown and confirmed before the captures are queued. */
export function NewWebPage() {
  useGate(NewWebGate);
  const { t } = useTranslation('capture');
  const title = useField(webForm, 'title');
  const label = useField(webForm, 'label');
  const [submitting, onSubmit] = useUnit([$submitting, submitClicked]);
  return (
    <div className="page new-web">
      <h1 className="collection-page-title">{t('newWeb.title')}</h1>
      <p className="new-web__intro">{t('newWeb.intro')}</p>
      <div className="new-web__layout">
        <form
          className="new-web__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <UrlsField />
          <FormField
            id="capture-title"
            label={t('newWeb.captureTitle')}
            maxLength={CAPTURE_TITLE_MAX}
            placeholder={t('newWeb.titlePlaceholder')}
            {...title}
          />
          <FormField
            id="capture-label"
            label={t('newWeb.label')}
            required={false}
            maxLength={CAPTURE_LABEL_MAX}
            placeholder={t('newWeb.labelPlaceholder')}
            {...label}
          />
          <Price />
          <div className="new-web__buttons">
            <Button htmlType="submit" theme="solid" type="primary" size="large" loading={submitting}>
              {t('newWeb.submit')}
            </Button>
            <Link className="new-web__link" to={paths.evidencesWebList}>
              {t('newWeb.toList')}
            </Link>
          </div>
        </form>
        <aside className="new-web__notes" aria-labelledby="new-web-notes">
          <h2 id="new-web-notes">{t('newWeb.notesTitle')}</h2>
          <ol>
            <li>{t('newWeb.note1')}</li>
            <li>{t('newWeb.note2')}</li>
            <li>{t('newWeb.note3')}</li>
            <li>{t('newWeb.note4')}</li>
          </ol>
        </aside>
      </div>
    </div>
  );
}
