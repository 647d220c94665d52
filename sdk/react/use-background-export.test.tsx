import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { Container } from 'inversify';
import type { ReactNode } from 'react';
import { defineEndpoint } from '../endpoint';
import { DialogService } from '../services/dialog-service';
import { Flag, HttpService, type Envelope } from '../services/http-service';
import { ToastService } from '../services/toast-service';
import { ServiceProvider } from './use-service';
import { useBackgroundExport } from './use-background-export';

const exportList = defineEndpoint<Record<string, never>, { keyword: string }, { id: number; fileName: string }>({
  method: 'POST',
  path: '/test/export.json',
  summary: 'export',
});

function setup(answer: Promise<Envelope<{ id: number; fileName: string }>>) {
  const call = vi.fn(() => answer);
  const show = vi.fn();
  const showDownList = vi.fn();
  const container = new Container();
  container.bind(HttpService).toConstantValue({ call } as unknown as HttpService);
  container.bind(ToastService).toConstantValue({ show } as unknown as ToastService);
  container.bind(DialogService).toConstantValue({ showDownList } as unknown as DialogService);
  const wrapper = ({ children }: { children?: ReactNode }) => <ServiceProvider container={container}>{children}</ServiceProvider>;
  return { call, show, showDownList, hook: renderHook(() => useBackgroundExport(), { wrapper }) };
}

describe('useBackgroundExport', () => {
  it('sends the filter, says the file went to 下载中心 and opens the download tip', async () => {
    const { call, show, showDownList, hook } = setup(Promise.resolve({ flag: Flag.OK, msg: '', obj: { id: 1, fileName: 'a.xlsx' } }));
    await act(() => hook.result.current.startExport(exportList, { keyword: '京A' }));
    expect(call).toHaveBeenCalledWith(exportList, { keyword: '京A' });
    expect(show).toHaveBeenCalledWith('已加入下载中心', 'success');
    expect(showDownList).toHaveBeenCalledWith(true);
    expect(hook.result.current.exporting).toBe(false);
  });

  it('shows why an export was refused and opens nothing', async () => {
    const { show, showDownList, hook } = setup(Promise.resolve({ flag: Flag.FORBIDDEN, msg: '无导出权限', obj: null as never }));
    await act(() => hook.result.current.startExport(exportList, { keyword: '' }));
    expect(show).toHaveBeenCalledWith('无导出权限', 'error');
    expect(showDownList).not.toHaveBeenCalled();
  });
});
