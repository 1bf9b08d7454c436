import { useState, type FormEvent } from 'react';
import { errorMessage } from '@shared/api/client';

/**
 * A form's submit: busy while it runs, and the API's message when it fails. `action` resolves
 * when done; on success the form is usually gone, so busy is left on to avoid a second click.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = (action: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return { busy, failure, submit };
}
