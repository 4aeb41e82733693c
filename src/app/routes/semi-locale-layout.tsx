import { LocaleProvider } from '@douyinfe/semi-ui-19';
import zhCN from '@douyinfe/semi-ui-19/lib/es/locale/source/zh_CN';
import { Outlet } from 'react-router-dom';

/**
 * Semi's zh_CN locale (date pickers, pagination, tables) around the signed-in pages that use Semi. Public
 * pages do not, so they are not wrapped: the locale and its provider stay out of their first visit.
 */
export function SemiLocaleLayout() {
  return (
    <LocaleProvider locale={zhCN}>
      <Outlet />
    </LocaleProvider>
  );
}
