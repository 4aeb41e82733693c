import type { Scope } from 'effector';
import { Provider } from 'effector-react';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { I18nProvider, i18n } from '@/shared/i18n';
import { PageLoader } from '@/shared/ui';

/**
 * What wraps the router in the browser and in the prerender step (prerender.tsx): the two must render the same
 * tree, or hydrating a prerendered page would not match.
 */
export function AppProviders({ scope, children }: { scope: Scope; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Provider value={scope}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Provider>
      </I18nProvider>
    </StrictMode>
  );
}
