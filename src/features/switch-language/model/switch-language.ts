import { createEffect, createEvent, sample } from 'effector';
import { $isAuthorized } from '@/entities/session';
import { showLanguage } from '@/shared/i18n';
import { saveLanguageMutation } from '../api/save-language';

/** The person chose a language in a switch (header, footer, sign-in pages). */
export const languageChosen = createEvent<string>();

/** Shows it at once and remembers it in this browser (the cookie the server picks the next page by). */
export const showChosenLanguageFx = createEffect((language: string) => showLanguage(language, { remember: true }));

sample({ clock: languageChosen, target: showChosenLanguageFx });
// A signed-in person's choice is the account's: their next sign-in, in any browser, opens in it.
sample({ clock: languageChosen, filter: $isAuthorized, target: saveLanguageMutation.start });
