import type { ReactNode } from 'react';
import { openSecureDownload } from '@app/api/client';

/** A link to a private file (a statement PDF): clicking it fetches a 5-minute token for that file and opens it. */
export function SecureDownloadLink({ path, children }: { path: string; children: ReactNode }) {
  return (
    <a
      href={path}
      onClick={(event) => {
        event.preventDefault();
        openSecureDownload(path);
      }}
    >
      {children}
    </a>
  );
}
