import { Link } from 'react-router-dom';
import '../signin/auth-forms.css';

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="notice-title">
        <h1 id="notice-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** /forgotpass/successfulReset */
export const SuccessfulResetPage = () => (
  <Notice title="Your password has been changed">
    <p className="auth-alert auth-alert--success" role="status">
      You can now sign in with your new password. For your security, you have been signed out everywhere else.
    </p>
    <p className="auth-links">
      <Link to="/signin">Sign in</Link>
    </p>
  </Notice>
);

/** /resetpass/linkExpired */
export const LinkExpiredPage = () => (
  <Notice title="This link has expired">
    <p>This password reset link has expired or has already been used. Links work once, within an hour of being sent.</p>
    <p className="auth-links">
      <Link to="/forgotpass">Send me a new link</Link>
    </p>
  </Notice>
);

/** /resetpass without a link code: someone typed the address by hand. */
export const ResetPasswordIndexPage = () => (
  <Notice title="Reset your password">
    <p>To choose a new password, open the link in the e-mail we sent you. No e-mail? Ask for a new one.</p>
    <p className="auth-links">
      <Link to="/forgotpass">Send me a link</Link>
    </p>
  </Notice>
);
