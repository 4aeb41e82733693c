import type { ReactNode } from 'react';
import { StaffHeader } from './staff-header';
import { StaffNav } from './staff-nav';
import './staff-shell.css';
import './staff-page.css';

/** The console's frame: its own bar, the role's navigation beside (above, on a phone) the page. */
export function StaffShell({ children }: { children: ReactNode }) {
  return (
    <div className="staff-shell">
      <StaffHeader />
      <div className="staff-shell__body">
        <StaffNav />
        <main className="staff-shell__main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}
