import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// Router links for pages of this app; plain anchors for documents, other sites, mail and phone.
export function SmartLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  if (/^(https?:|mailto:|tel:)/.test(to)) {
    const external = to.startsWith('http');
    return (
      <a href={to} className={className} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
        {children}
        {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </a>
    );
  }
  if (to.startsWith('/documents/')) {
    return (
      <a href={to} className={className} type="application/pdf">
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
