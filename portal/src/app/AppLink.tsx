import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';

/** A Fluent link that navigates inside the app (a real href, so it opens in a new tab too). */
export function AppLink({ to, children, className, title }: { to: string; children: ReactNode; className?: string; title?: string }) {
  const navigate = useNavigate();
  return (
    <Link
      href={to}
      className={className}
      title={title}
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
