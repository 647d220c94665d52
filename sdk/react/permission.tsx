import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { PermissionService } from '../services/permission-service';
import { useService } from './use-service';

/** True when the user's menu permissions include `id`. */
export function useMenuPermission(id: number): boolean {
  return useService(PermissionService).hasMenu(id);
}

/** True when the user's button permissions include `id`. */
export function useButtonPermission(id: number): boolean {
  return useService(PermissionService).hasButton(id);
}

/**
 * Renders its children only when the user holds the menu or button permission;
 * otherwise the element is removed (not hidden).
 */
export const Permission = observer(function Permission(props: { menu?: number; button?: number; children?: ReactNode }) {
  const perms = useService(PermissionService);
  if (props.menu !== undefined && !perms.hasMenu(props.menu)) return null;
  if (props.button !== undefined && !perms.hasButton(props.button)) return null;
  return <>{props.children}</>;
});
