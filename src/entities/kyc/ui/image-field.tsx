import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '@/shared/i18n';
import { translateMessage } from '@/shared/i18n';
import type { ImageSet } from '../model/image-set';
import './image-field.css';

const ACCEPT = { organization: 'image/png,image/jpeg', person: 'image/png,image/jpeg,image/gif' } as const;

/** One image of a verification form: a native file input with a preview and its message. */
export function ImageField<F extends string>({
  set,
  field,
  label,
  idPrefix,
}: {
  set: ImageSet<F>;
  field: F;
  label: string;
  idPrefix: string;
}) {
  const { t } = useTranslation('kyc');
  const [files, errors, chosen] = useUnit([set.$files, set.$errors, set.fileChosen]);
  const file = files[field] ?? null;
  const error = errors[field];
  const preview = useMemo(() => (file && !error ? URL.createObjectURL(file) : null), [file, error]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const id = `${idPrefix}-${field}`;
  return (
    <div className={`image-field${error ? ' image-field--invalid' : ''}`}>
      <label className="image-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="image-field__box">
        {preview ? (
          <img className="image-field__preview" src={preview} alt={t('imagePreviewAlt', { name: label })} />
        ) : (
          <span className="image-field__empty" aria-hidden="true">
            +
          </span>
        )}
        <input
          id={id}
          name={field}
          className="image-field__input"
          type="file"
          accept={ACCEPT[set.rule]}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(event) => chosen({ field, file: event.target.files?.[0] ?? null })}
        />
      </div>
      <p id={`${id}-hint`} className="image-field__hint">
        {t(set.rule === 'organization' ? 'imageHintOrganization' : 'imageHintPerson')}
      </p>
      <div id={`${id}-error`} className="image-field__error" aria-live="polite">
        {error ? translateMessage(error) : ''}
      </div>
    </div>
  );
}
