import { createMutation } from '@farfetched/core';
import { api } from '@/shared/api';

/** POST /api/user/setLanguage: the account keeps the language, so another browser signs in to it. */
export const saveLanguageMutation = createMutation({
  effect: api.post('/user/setLanguage', (language: string) => ({ language })),
});
