import { sample } from 'effector';
import { createGate } from 'effector-react';
import { authInfoQuery } from '@/entities/kyc';

export const KycInfoGate = createGate();
sample({ clock: KycInfoGate.open, target: authInfoQuery.start });

export const $authInfo = authInfoQuery.$data;
export const $loading = authInfoQuery.$pending;
