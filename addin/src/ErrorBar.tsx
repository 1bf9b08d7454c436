import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** A failure said where it happened; nothing when there is none. */
export function ErrorBar({ message, dataTestId }: { message: string | null; dataTestId?: string }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" layout="multiline" data-testid={dataTestId}>
      <MessageBarBody style={{ overflowWrap: 'anywhere' }}>{message}</MessageBarBody>
    </MessageBar>
  );
}
