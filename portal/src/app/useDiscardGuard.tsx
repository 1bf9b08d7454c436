import { useCallback, useRef, useState, type ReactElement, type SyntheticEvent } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/**
 * What a form shows of its values, read from the page: text fields, choices, rich text, drop-downs,
 * switches and whatever a dialog marks with data-form-value (tag chips, a chosen folder). Tabs and
 * what is only opened or expanded are not values.
 */
function formState(root: HTMLElement): string {
  const parts: string[] = [];
  const fields = root.querySelectorAll<HTMLElement>(
    'input, textarea, select, [contenteditable="true"], [role="combobox"], [role="switch"], [role="checkbox"], [role="radio"], [data-form-value]',
  );
  fields.forEach((el) => {
    if (el instanceof HTMLInputElement) parts.push(el.type === 'checkbox' || el.type === 'radio' ? String(el.checked) : el.value);
    else if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) parts.push(el.value);
    else if (el.isContentEditable) parts.push(`${el.textContent ?? ''}|${el.querySelectorAll('img').length}`);
    else if (el.getAttribute('role') === 'combobox' || el.hasAttribute('data-form-value')) parts.push(el.textContent ?? '');
    else parts.push(el.getAttribute('aria-checked') ?? '');
  });
  return JSON.stringify(parts);
}

/**
 * Issue 17: "Cancel on a changed form asks before throwing the change away". Every form dialog
 * (FormDialog, and the free-test dialog) closes through `requestClose`: when the form was changed
 * since the user first touched it, a "Discard changes?" dialog asks first; unchanged, it closes
 * at once.
 *
 * The form's values are read from the dialog itself: as it opens and loads, until the user first
 * presses a key or the pointer in it (or a value arrives otherwise), and again when it is to close.
 * A dialog that knows better passes `dirty`.
 */
export function useDiscardGuard(options: { dirty?: boolean } = {}) {
  const surface = useRef<HTMLElement | null>(null);
  const initial = useRef<string | null>(null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const { dirty } = options;

  const touched = useRef(false);
  const returnTo = useRef<HTMLElement | null>(null);
  const stop = useRef<(() => void) | null>(null);
  /** The user's first touch: the form as it was just before is what a change is measured from. */
  const firstTouch = useCallback(() => {
    if (!touched.current && surface.current) initial.current = formState(surface.current);
    touched.current = true;
  }, []);
  /** A value that arrives without a key or a click first (autofill, dictation): the last reading before it stands. */
  const valueArrived = useCallback(() => {
    touched.current = true;
  }, []);
  const opener = useRef<HTMLElement | null>(null);
  const attach = useCallback(
    (element: HTMLElement | null) => {
      stop.current?.();
      stop.current = null;
      surface.current = element;
      if (!element) {
        // Closed: the focus goes back to what opened the dialog (most of our dialogs have no Fluent
        // trigger to return to), unless something else took it meanwhile (issue 17).
        const target = opener.current;
        requestAnimationFrame(() => {
          const lost = !document.activeElement || document.activeElement === document.body;
          if (lost && target?.isConnected) target.focus();
        });
        return;
      }
      // Called as the surface mounts, before Fluent moves the focus into it: still on the opener.
      if (opener.current === null && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
        opener.current = document.activeElement;
      }
      if (!touched.current) initial.current = formState(element);
      // Until the user touches the form, what loads into it (a rich text editor, a list) is not a
      // change. The dialog is modal: every key and click while it is open is for it or for one of
      // its pop-ups (a drop-down's list lives outside the surface), so the document is listened to.
      const watch = setInterval(() => {
        if (touched.current) clearInterval(watch);
        else if (surface.current) initial.current = formState(surface.current);
      }, 150);
      const doc = element.ownerDocument;
      const listeners: [string, () => void][] = [
        ['pointerdown', firstTouch],
        ['keydown', firstTouch],
        ['input', valueArrived],
        ['change', valueArrived],
      ];
      for (const [type, listener] of listeners) doc.addEventListener(type, listener, true);
      stop.current = () => {
        clearInterval(watch);
        for (const [type, listener] of listeners) doc.removeEventListener(type, listener, true);
      };
    },
    [firstTouch, valueArrived],
  );

  /**
   * Spread on the dialog's surface (its ref): the surface whose form is read. Render `question`
   * inside the surface: Fluent then treats it as a nested dialog, and gives the form back its
   * place (not aria-hidden) when it closes.
   */
  const surfaceProps = { ref: attach };

  const changed = useCallback((): boolean => {
    if (dirty !== undefined) return dirty;
    if (initial.current === null || !surface.current) return false;
    return formState(surface.current) !== initial.current;
  }, [dirty]);

  /**
   * Closes, or asks first when the form changed. The event (Escape) is marked handled, so the
   * app-wide Escape (useEscapeClosesDialogs) does not close the dialog behind the question.
   */
  const requestClose = useCallback(
    (close: () => void, event?: Pick<SyntheticEvent | Event, 'preventDefault'>) => {
      if (!changed()) {
        close();
        return;
      }
      event?.preventDefault();
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPending(() => close);
    },
    [changed],
  );

  const question: ReactElement | null = pending ? (
    <DiscardChangesDialog
      onDiscard={() => {
        setPending(null);
        pending();
      }}
      onKeep={() => {
        setPending(null);
        // Back into the form, where the user was: the form's dialog is the modal again, and not left
        // aria-hidden for screen readers (issue 17).
        const target = returnTo.current;
        requestAnimationFrame(() => {
          if (target?.isConnected) target.focus();
          else surface.current?.focus();
        });
      }}
    />
  ) : null;

  return { surfaceProps, requestClose, question };
}

/** "Discard changes?": Discard closes the form; Keep editing (and Escape) go back to it. */
export function DiscardChangesDialog({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      modalType="alert"
      onOpenChange={(event, data) => {
        if (data.open) return;
        // Escape answers this question only: the form behind it stays open.
        event.preventDefault();
        event.stopPropagation();
        onKeep();
      }}
    >
      <DialogSurface data-testid="discard-changes-dialog" aria-describedby="discard-changes-body">
        <DialogBody>
          <DialogTitle>{t('common.discardTitle')}</DialogTitle>
          <DialogContent>
            <Text id="discard-changes-body">{t('common.discardBody')}</Text>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onKeep} data-testid="discard-keep">
              {t('common.discardKeep')}
            </Button>
            <Button appearance="primary" onClick={onDiscard} data-testid="discard-confirm">
              {t('common.discardConfirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
