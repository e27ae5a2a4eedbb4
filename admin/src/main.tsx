import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { SignInPage } from './auth/SignInPage';
import { StaffForgotPasswordPage, StaffResetPasswordPage } from './auth/StaffPasswordPages';
import { DEFAULT_GROUP_PATH, parseGroupId } from './providers/group-id';

const groupId = parseGroupId(window.location.pathname);

const resetToken = /^\/admin-signin\/reset\/([\w-]+)$/.exec(window.location.pathname)?.[1];

if (window.location.pathname.startsWith('/admin-signin')) {
  // The back office's sign-in page lives at /admin-signin (specification §2.4), outside /admin/{groupId}/, and
  // so do the staff's forgotten-password pages (their links lead back here, not to the tenants' pages).
  const page = window.location.pathname === '/admin-signin/forgot' ? <StaffForgotPasswordPage /> : resetToken ? <StaffResetPasswordPage token={resetToken} /> : <SignInPage />;
  createRoot(document.getElementById('root')!).render(<StrictMode>{page}</StrictMode>);
} else if (groupId === null) {
  // /admin/ or a path without a valid group: go to the default group rather than guess.
  window.location.replace(DEFAULT_GROUP_PATH);
} else {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Left alone, react-admin creates a hash router, which would ignore the group in the path.
  // A browser (data) router mounted on /admin/{groupId}/* plus <Admin basename> keeps real
  // URLs, and being a data router it also lets forms warn about unsaved changes.
  const router = createBrowserRouter([{ path: `/admin/${groupId}/*`, element: <App groupId={groupId} /> }]);
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
