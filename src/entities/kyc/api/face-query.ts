import { api } from '@/shared/api';

/**
 * POST /api/peruser/aliQuery {certify_id}: code 200 passed, 202 still waiting, 400 failed (spec: stop
 * silently). Quiet: the face page decides what each code means, no error toast.
 */
export const faceQueryFx = api.post('/peruser/aliQuery', (certifyId: string) => ({ certify_id: certifyId }), { quiet: true });
