import { createEffect, createEvent, sample } from 'effector';
import { translate } from '@/shared/i18n';

/** The settled route's title key (from its `handle`), or null for a route without one. */
export const pageTitleChanged = createEvent<string | null>();

export const setDocumentTitleFx = createEffect((text: string) => {
  document.title = text;
});

/** `<page> - <site>` from the locale files; the site's name alone when the route names no page. */
export function documentTitleText(key: string | null): string {
  const brand = translate('brand');
  return key ? translate('documentTitle', { page: translate(`titles.${key}`), brand }) : brand;
}

sample({ clock: pageTitleChanged, fn: documentTitleText, target: setDocumentTitleFx });
