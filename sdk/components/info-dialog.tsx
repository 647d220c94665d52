import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** Props of {@link InfoDialog}. */
export interface InfoDialogProps {
  /** The dialog's heading, also its accessible name unless `label` names it. */
  title: string;
  /** The accessible name when the heading says more (`收据` for a heading `收据：HT-001`). */
  label?: string;
  /** The widest the dialog gets, in design pixels; Fluent's 600 unless told. It never exceeds the window. */
  width?: number;
  /** Buttons before 关闭 (打印收据 …). */
  actions?: ReactNode;
  /** While set (an upload or import under way), 关闭, Escape and a click beside the dialog do nothing. */
  busy?: boolean;
  /** A class for the content (e.g. a column layout). */
  contentClassName?: string;
  /** Closes the dialog: 关闭, Escape, or a click beside it. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog that shows something (a record's details, receipts, a list with its own small forms)
 * and closes with 关闭; for a form that saves use {@link FormDialog}, to ask first {@link ConfirmDialog}.
 */
export function InfoDialog(props: InfoDialogProps) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !props.busy && props.onClose()}>
      <DialogSurface aria-label={props.label ?? props.title} style={props.width ? { maxWidth: `${props.width}px` } : undefined}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={props.contentClassName}>{props.children}</DialogContent>
          <DialogActions>
            {props.actions}
            <Button disabled={props.busy} onClick={props.onClose}>
              关闭
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
