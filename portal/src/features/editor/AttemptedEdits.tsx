import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@shared/api/client';
import type { PublishOption } from '@shared/api/reportTypes';
import { publishAttemptedEdits, publishBodyOf, type AttemptedEdit, selectEditor } from './editorState';
import { toastQueued } from '../../app/uiSlice';
import { useApi } from '../../app/apiContext';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { PreviewCorrections } from '../reports/CorrectionsPreviewPanel';
import { REPORTS_CHANGED_EVENT } from '../header/useReportedCount';
import { LeaveDialog, PublishDialog, type PublishItem } from '../reports/ReportDialogs';
import { useLeaveGuard } from '../reports/useLeaveGuard';

const publishItemOf = (edit: AttemptedEdit): PublishItem => ({
  id: edit.question._id,
  html: edit.question.name || edit.question.paragraph || '',
  attempted: true,
  option: edit.option,
});

/**
 * An attempted test in the editor (spec section 4): question edits are kept in the editor and
 * pushed only on publish, where the tutor picks per question what happens to past results
 * (decisions section 6). The bar says so, counts the kept edits and publishes them; leaving
 * with edits asks to leave without publishing or to publish, as the Report Dashboard does.
 */
export function AttemptedEditsBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const edits = useAppSelector((s) => selectEditor(s).attemptedEdits);
  const publishing = useAppSelector((s) => selectEditor(s).publishing);
  const { testId, version } = useAppSelector((s) => selectEditor(s));
  const api = useApi();
  // The corrections preview: the publish below run dry (issue 16), asked again as the options change.
  const preview = useMemo<PreviewCorrections | undefined>(
    () =>
      testId
        ? async (options, signal) => [
            {
              preview: await api.previewCorrections(publishBodyOf(testId, version, edits, options), signal),
            },
          ]
        : undefined,
    [api, edits, testId, version],
  );
  const [dialog, setDialog] = useState<{ kind: 'publish'; then?: () => void } | { kind: 'leave'; proceed: () => void } | null>(null);

  useLeaveGuard(edits.length > 0, (proceed) => setDialog({ kind: 'leave', proceed }));

  // A re-mark of several questions (BulkActions) asks for the publish dialog once its marks are kept.
  const publishRequest = useAppSelector((s) => selectEditor(s).publishRequest);
  const seenRequest = useRef(publishRequest);
  useEffect(() => {
    if (publishRequest === seenRequest.current) return;
    seenRequest.current = publishRequest;
    if (edits.length > 0) setDialog({ kind: 'publish' });
  }, [publishRequest, edits.length]);

  const publish = async (options: Record<string, PublishOption>) => {
    try {
      await dispatch(publishAttemptedEdits(options)).unwrap();
    } catch (error) {
      const message = (error as { message?: string }).message ?? errorMessage(error);
      dispatch(toastQueued({ intent: 'error', title: t('reports.publishError'), body: message }));
      return;
    }
    dispatch(toastQueued({ intent: 'success', body: t('reports.published') }));
    window.dispatchEvent(new Event(REPORTS_CHANGED_EVENT));
    const then = dialog?.kind === 'publish' ? dialog.then : undefined;
    setDialog(null);
    then?.();
  };

  return (
    <>
      <MessageBar layout="multiline" intent={edits.length ? 'warning' : 'info'} data-testid="attempted-bar">
        <MessageBarBody>
          <MessageBarTitle>{edits.length ? t('editor.attempted.pending', { count: edits.length }) : t('editor.attempted.title')}</MessageBarTitle>
          {t('editor.attempted.body')}
        </MessageBarBody>
        {edits.length > 0 && (
          <MessageBarActions>
            <Button appearance="primary" disabled={publishing} onClick={() => setDialog({ kind: 'publish' })} data-testid="attempted-publish">
              {t('editor.attempted.publish', { count: edits.length })}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
      {dialog?.kind === 'publish' && (
        <PublishDialog
          items={edits.map(publishItemOf)}
          intro={t('editor.attempted.publishIntro')}
          onClose={() => setDialog(null)}
          onPublish={publish}
          preview={preview}
        />
      )}
      {dialog?.kind === 'leave' && (
        <LeaveDialog
          count={edits.length}
          onStay={() => setDialog(null)}
          onLeave={() => {
            const { proceed } = dialog;
            setDialog(null);
            proceed();
          }}
          onPublish={() => setDialog({ kind: 'publish', then: dialog.proceed })}
        />
      )}
    </>
  );
}
