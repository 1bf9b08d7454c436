import { useState, type FormEvent } from 'react';
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { errorMessage } from '@shared/api/client';

type Result = { intent: 'success' | 'error'; text: string };

/**
 * The form of a signed-out page that sends one request (forgot password, reset password): submit
 * marks the fields touched and sends the request once they are `valid`; the server's message, or
 * its error, is the result to show.
 */
export function useAuthRequest(valid: () => boolean, send: () => Promise<{ message: string }>) {
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid()) return;
    setBusy(true);
    try {
      const { message } = await send();
      setResult({ intent: 'success', text: message });
    } catch (error) {
      setResult({ intent: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return { touched, busy, result, submit };
}

/** The request's result above the fields, once there is one. */
export function AuthResult({ result, dataTestId }: { result: Result | null; dataTestId: string }) {
  if (!result) return null;
  return (
    <MessageBar intent={result.intent} data-testid={dataTestId}>
      <MessageBarBody>{result.text}</MessageBarBody>
    </MessageBar>
  );
}
