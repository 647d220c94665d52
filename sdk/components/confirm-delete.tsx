import { ConfirmDialog } from './form-dialog';

/** 删除…? with 取消 and 删除; a refusal of the delete shows in the dialog. */
export function ConfirmDelete(props: { title: string; text: string; alert?: boolean; onConfirm: () => unknown; onClose: () => void }) {
  return <ConfirmDialog title={props.title} message={props.text} confirmText="删除" alert={props.alert} onConfirm={props.onConfirm} onClose={props.onClose} />;
}
