import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { linkIsValid, newPasswordProblems, resetPassword } from '@app/api/client';
import '../signin/auth-forms.css';
import { AuthForm } from '../../ui/AuthForm';

/** /resetpass/{hash} and /agents/resetpass/{hash}: choose a new password with a one-time link. */
export function ResetPasswordPage() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const [checked, setChecked] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void linkIsValid(hash).then((valid) => (valid ? setChecked(true) : navigate('/resetpass/linkExpired', { replace: true })));
  }, [hash, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = newPasswordProblems(password, confirmPassword);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const result = await resetPassword(hash, password, confirmPassword);
    setBusy(false);
    if (result.ok) navigate('/forgotpass/successfulReset', { replace: true });
    else if (result.expired) navigate('/resetpass/linkExpired', { replace: true });
    else setErrors(Object.keys(result.fields).length ? result.fields : { password: result.message });
  }

  if (!checked) return null;
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        <p>At least 7 characters, with an uppercase letter, a lowercase letter and a digit.</p>
        <AuthForm onSubmit={onSubmit}>
          <label>
            New password
            <input type="password" name="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={Boolean(errors.password)} aria-describedby={errors.password ? 'password-error' : undefined} />
            {errors.password && <span id="password-error" className="auth-form__error">{errors.password}</span>}
          </label>
          <label>
            Repeat the new password
            <input type="password" name="confirmPassword" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} aria-invalid={Boolean(errors.confirmPassword)} aria-describedby={errors.confirmPassword ? 'confirm-error' : undefined} />
            {errors.confirmPassword && <span id="confirm-error" className="auth-form__error">{errors.confirmPassword}</span>}
          </label>
          <button className="button" type="submit" disabled={busy}>
            Save the new password
          </button>
        </AuthForm>
      </section>
    </div>
  );
}
