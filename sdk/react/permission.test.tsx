import { describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { makeAutoObservable } from 'mobx';
import type { ReactNode } from 'react';
import { PermissionService } from '../services/permission-service';
import { Permission, useButtonPermission, useMenuPermission } from './permission';
import { ServiceProvider } from './use-service';

class FakePermissions {
  menus = new Set<number>();
  buttons = new Set<number>();
  constructor(menus: number[], buttons: number[]) {
    this.menus = new Set(menus);
    this.buttons = new Set(buttons);
    makeAutoObservable(this);
  }
  hasMenu(id: number) {
    return this.menus.has(id);
  }
  hasButton(id: number) {
    return this.buttons.has(id);
  }
  grantButton(id: number) {
    this.buttons.add(id);
  }
}

function setup(menus: number[], buttons: number[]) {
  const perms = new FakePermissions(menus, buttons);
  const c = new Container();
  c.bind(PermissionService).toConstantValue(perms);
  const wrapper = ({ children }: { children?: ReactNode }) => <ServiceProvider container={c}>{children}</ServiceProvider>;
  return { perms, wrapper };
}

describe('<Permission>', () => {
  it('removes the element when the button id is absent and keeps it when present', () => {
    const { wrapper } = setup([], [840001]);
    const { container } = render(
      <div>
        <Permission button={840001}>
          <button>下发指令</button>
        </Permission>
        <Permission button={999}>
          <button>删除</button>
        </Permission>
      </div>,
      { wrapper },
    );
    expect(screen.queryByText('下发指令')).not.toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(container.querySelectorAll('button')).toHaveLength(1);
  });

  it('removes the element when the menu id is absent', () => {
    const { wrapper } = setup([8100], []);
    render(
      <>
        <Permission menu={8100}>
          <a>实时监控</a>
        </Permission>
        <Permission menu={8200}>
          <a>轨迹回放</a>
        </Permission>
      </>,
      { wrapper },
    );
    expect(screen.queryByText('实时监控')).not.toBeNull();
    expect(screen.queryByText('轨迹回放')).toBeNull();
  });

  it('needs both grants when both are given, and re-renders when permissions change', () => {
    const { wrapper, perms } = setup([8400], []);
    render(
      <Permission menu={8400} button={840001}>
        <button>下发指令</button>
      </Permission>,
      { wrapper },
    );
    expect(screen.queryByText('下发指令')).toBeNull();
    act(() => perms.grantButton(840001));
    expect(screen.queryByText('下发指令')).not.toBeNull();
  });

  it('offers hooks for menu and button checks', () => {
    const { wrapper } = setup([1], [2]);
    const { result } = renderHook(() => [useMenuPermission(1), useMenuPermission(2), useButtonPermission(2), useButtonPermission(1)], { wrapper });
    expect(result.current).toEqual([true, false, true, false]);
  });
});
