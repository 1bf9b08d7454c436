import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';

/** A Fluent link that navigates inside the app (a real href, so it opens in a new tab too). */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
