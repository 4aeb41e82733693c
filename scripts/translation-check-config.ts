import languages from '../locales/languages.json' with { type: 'json' };

/** What the completeness check of every language other than the default allows (docs/content.md). */
// Checked against TranslationCheckOptions where it is used (the check's CLI and its test), not imported here: the
// check's command line reads this file.
export const TRANSLATION_CHECK = {
  reference: languages.default,
  referenceOnly: {
    staff: 'the staff console works in Chinese (docs/staff.md)',
    'staff-console': 'the staff console works in Chinese (docs/staff.md)',
    'staff-desks': 'the staff console works in Chinese (docs/staff.md)',
  },
  names: {
    '京ICP备00000000号-1': 'the ICP filing number is shown as registered',
    '京公网安备 11000000000000号': 'the public security filing number is shown as registered',
    中文: 'the name of the Chinese language in the language switch and the legal notes',
    简体中文: 'the name of the Chinese language in the language switch',
  },
};
