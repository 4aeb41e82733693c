import { createEvent, sample, type Effect, type EventCallable, type Store } from 'effector';
import type { ApiError } from '@/shared/api';
import { createCaptchaQuery } from '../api/captcha';

export type CaptchaModel = {
  /** Ask for a new captcha: on opening a form, on a click on the image, after one was spent. */
  captchaRefreshed: EventCallable<void>;
  $captchaId: Store<string>;
  /** The image as a data: URL; empty until the first one arrives. */
  $image: Store<string>;
  $loading: Store<boolean>;
  /** The call itself, for tests (`fork({ handlers: [[getCaptchaFx, mock]] })`). */
  getCaptchaFx: Effect<void, unknown, ApiError>;
};

/** One image captcha; each form that needs one makes its own, since a captcha is single-use. */
export function createCaptcha(): CaptchaModel {
  const { captchaQuery, getCaptchaFx } = createCaptchaQuery();
  const captchaRefreshed = createEvent();

  sample({ clock: captchaRefreshed, target: captchaQuery.start });

  return {
    captchaRefreshed,
    $captchaId: captchaQuery.$data.map((data) => data?.captchaId ?? ''),
    $image: captchaQuery.$data.map((data) => data?.image ?? ''),
    $loading: captchaQuery.$pending,
    getCaptchaFx,
  };
}
