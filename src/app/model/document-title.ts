import { createEffect, createEvent, sample } from 'effector';
import { translate } from '@/shared/i18n';

/** The settled route's title key (from its `handle`), or null for a route without one. */
export const pageTitleChanged = createEvent<string | null>();

/**
 * Writes the route's title into index.html's own <title> (id `route-title`), not into `document.title`: a page
 * that renders its own <title> (React hoists it into <head>, e.g. the help centre's) keeps it while it is
 * shown, and the route's title is what remains when that page goes (writing document.title would have changed
 * the page's element, removed with it).
 */
export const setDocumentTitleFx = createEffect((text: string) => {
  const own = document.getElementById('route-title');
  if (own) own.textContent = text;
  else document.title = text;
});

/** `<page> - <site>` from the locale files; the site's name alone when the route names no page. */
export function documentTitleText(key: string | null): string {
  const brand = translate('brand');
  return key ? translate('documentTitle', { page: translate(`titles.${key}`), brand }) : brand;
}

sample({ clock: pageTitleChanged, fn: documentTitleText, target: setDocumentTitleFx });
