import { useState } from 'react';
import type { useWizard } from './useWizard';

/**
 * A step's form state: its field errors, the message that belongs to no field, and saving its answers (which
 * moves on, or puts the server's refusal where the visitor sees it). A step without fields of its own shows a
 * refused field's message as its message.
 */
export function useStepForm(wizard: ReturnType<typeof useWizard>, { showsFields = true }: { showsFields?: boolean } = {}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const saveAnswers = async (data: Record<string, unknown>): Promise<void> => {
    setBusy(true);
    const refusal = await wizard.save(data);
    setBusy(false);
    if (!refusal) return;
    setErrors(refusal.fields);
    setMessage(refusal.message ?? (showsFields ? null : (Object.values(refusal.fields)[0] ?? null)));
  };

  return { errors, setErrors, message, busy, saveAnswers };
}
