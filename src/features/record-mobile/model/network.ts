import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';

/** The browser says it is online again / went offline (window events). */
export const wentOnline = createEvent();
export const wentOffline = createEvent();

export const $online = createStore(globalThis.navigator?.onLine !== false, { serialize: 'ignore' })
  .on(wentOnline, () => true)
  .on(wentOffline, () => false);

/** Listens to the window's online/offline events; answers how to stop listening. */
export const watchNetworkFx = createEffect(() => {
  const online = scopeBind(wentOnline, { safe: true });
  const offline = scopeBind(wentOffline, { safe: true });
  const target = globalThis.window as Window | undefined;
  const onOnline = () => online();
  const onOffline = () => offline();
  target?.addEventListener('online', onOnline);
  target?.addEventListener('offline', onOffline);
  if (globalThis.navigator?.onLine === false) offline();
  return () => {
    target?.removeEventListener('online', onOnline);
    target?.removeEventListener('offline', onOffline);
  };
});

const $unwatch = createStore<(() => void) | null>(null, { serialize: 'ignore' }).on(watchNetworkFx.doneData, (_, stop) => stop);
/** Stops listening. */
export const unwatchNetworkFx = createEffect((stop: (() => void) | null) => stop?.());
export const networkWatchEnded = createEvent();
sample({ clock: networkWatchEnded, source: $unwatch, target: unwatchNetworkFx });
$unwatch.reset(unwatchNetworkFx.done);
