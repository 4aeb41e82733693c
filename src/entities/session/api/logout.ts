import { createMutation } from '@farfetched/core';
import { api } from '@/shared/api';

/** POST /api/user/logout, payload Authorization (spec section 7); quiet: the header's logout model handles a failure. */
export const logoutMutation = createMutation({
  effect: api.post('/user/logout', (token: string) => ({ Authorization: token }), { quiet: true }),
});
