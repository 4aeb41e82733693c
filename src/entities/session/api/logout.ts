import { createMutation } from '@farfetched/core';
import { api } from '@/shared/api';

/** POST /api/user/logout, payload Authorization (spec section 7); failures are handled by the model. */
export const logoutMutation = createMutation({
  effect: api.post('/user/logout', (token: string) => ({ Authorization: token }), { quiet: true }),
});
