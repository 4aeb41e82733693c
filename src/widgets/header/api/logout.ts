import { createMutation } from '@farfetched/core';
import { createApiEffect } from '@/shared/api';

/** POST /api/user/logout, payload Authorization (spec section 7); failures are handled by the model. */
export const logoutMutation = createMutation({
  effect: createApiEffect((token: string) => ({ method: 'POST', path: '/user/logout', body: { Authorization: token } }), {
    quiet: true,
  }),
});
