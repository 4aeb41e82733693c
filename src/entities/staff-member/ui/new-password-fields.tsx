import { useTranslation } from '@/shared/i18n';
import { FormField, useField, type FieldSource } from '@/shared/ui/form-field';

type NewPasswordValues = { password: string; confirmPassword: string };

/**
 * A staff member's new password and its confirmation (the first sign-in, the profile): 64 characters at most,
 * the console's password hint under the first field; `ids` names the two inputs.
 */
export function NewPasswordFields<V extends NewPasswordValues>({
  form,
  ids,
  labels,
}: {
  form: FieldSource<V>;
  ids: [string, string];
  labels: [string, string];
}) {
  const { t } = useTranslation('staff-console');
  // Every form with these two text fields binds them alike; TypeScript cannot narrow the mapped field names of V.
  const source = form as unknown as FieldSource<NewPasswordValues>;
  return (
    <>
      <FormField
        id={ids[0]}
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        placeholder={t('login.changePassword.hint')}
        {...useField(source, 'password')}
      />
      <FormField
        id={ids[1]}
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        maxLength={64}
        {...useField(source, 'confirmPassword')}
      />
    </>
  );
}
