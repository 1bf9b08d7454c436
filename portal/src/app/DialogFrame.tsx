import type { CSSProperties, FormEvent, ReactNode, Ref } from 'react';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  type DialogOpenChangeEvent,
  type DialogSurfaceProps,
  type DialogTitleProps,
} from '@fluentui/react-components';

/** A column of fields with room between them: what most dialogs hold. */
const COLUMN: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 12 };

/**
 * The frame every portal dialog shares: Fluent's Dialog with its surface (named by `dataTestId` for
 * tests), title, content and actions. Dialogs differ in what they hold and in how they close;
 * the frame is written once (FormDialog and the hand-laid dialogs alike).
 */
export function DialogFrame({
  open = true,
  title,
  dataTestId,
  onDismiss,
  actions,
  children,
  width,
  tall,
  surface,
  titleProps,
  contentClassName,
  contentStyle,
  plain,
  onSubmit,
  after,
}: {
  /** Most dialogs are mounted only while open. */
  open?: boolean;
  title: ReactNode;
  dataTestId: string;
  /** Escape or the backdrop: the dialog asks to close (a guard may ask first). */
  onDismiss: (event: DialogOpenChangeEvent) => void;
  actions?: ReactNode;
  children: ReactNode;
  /** The surface's largest width in px; never wider than the screen. */
  width?: number;
  /** Long content scrolls inside a body of at most 85% of the screen's height. */
  tall?: boolean;
  /** More of the surface's props (a discard guard's, an accessible description). */
  surface?: Partial<DialogSurfaceProps> & { ref?: Ref<HTMLDivElement> } & Record<`data-${string}`, string>;
  /** The title's own props (a ref to move the focus to it). */
  titleProps?: Partial<DialogTitleProps> & { ref?: Ref<HTMLHeadingElement> } & Record<`data-${string}`, string>;
  /** The content's own layout, in place of the default column of fields. */
  contentClassName?: string;
  /** Laid over the default column of fields, or alone with `contentClassName` or `plain`. */
  contentStyle?: CSSProperties;
  /** Text, not fields: Fluent's own content layout (paragraphs keep their margins), not the column. */
  plain?: boolean;
  /** Makes the body a form: Enter submits it. */
  onSubmit?: (event: FormEvent) => void;
  /** Inside the surface, after the body: dialogs opened on top of this one. */
  after?: ReactNode;
}) {
  const content = contentClassName || plain ? contentStyle : { ...COLUMN, ...(tall ? { minHeight: 0, overflowY: 'auto' as const } : {}), ...contentStyle };
  const body = (
    <DialogBody style={tall ? { maxHeight: '85vh' } : undefined}>
      <DialogTitle {...titleProps}>{title}</DialogTitle>
      <DialogContent className={contentClassName} style={content}>
        {children}
      </DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </DialogBody>
  );
  return (
    <Dialog open={open} onOpenChange={(event, data) => !data.open && onDismiss(event)}>
      <DialogSurface {...surface} data-testid={dataTestId} style={width ? { maxWidth: width, width: '95vw', ...surface?.style } : surface?.style}>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate>
            {body}
          </form>
        ) : (
          body
        )}
        {after}
      </DialogSurface>
    </Dialog>
  );
}
