import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

/** 删除…? with 取消 and 删除. */
export function ConfirmDelete(props: { title: string; text: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface aria-label={props.title}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>{props.text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose}>取消</Button>
            <Button appearance="primary" onClick={props.onConfirm}>删除</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
