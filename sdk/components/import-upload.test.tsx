import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Container } from 'inversify';
import { ServiceProvider } from '../react/use-service';
import { HttpService } from '../services/http-service';
import { ImportRowTable, ImportUpload } from './import-upload';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function setup(send: (form: FormData, onProgress: (fraction: number) => void) => Promise<void>) {
  const exportFile = vi.fn(() => Promise.reject(new Error('模板不存在')));
  const container = new Container();
  container.bind(HttpService).toConstantValue({ exportFile } as unknown as HttpService);
  const onError = vi.fn();
  const onBusyChange = vi.fn();
  render(
    <ServiceProvider container={container}>
      <ImportUpload
        template={{ url: '/test/template.xlsx', fileName: '模板.xlsx' }}
        templateHint="按模板填写。"
        uploadHint="上传填好的 .xlsx 文件。"
        uploadLabel="选择文件并上传"
        send={send}
        onError={onError}
        onBusyChange={onBusyChange}
      />
    </ServiceProvider>,
  );
  return { exportFile, onError, onBusyChange };
}

describe('ImportUpload', () => {
  it('sends a chosen .xlsx with its progress, then says the data is being checked until the answer', async () => {
    let progress: (fraction: number) => void = () => undefined;
    let answer: () => void = () => undefined;
    const send = vi.fn((_: FormData, onProgress: (fraction: number) => void) => {
      progress = onProgress;
      return new Promise<void>((resolve) => (answer = resolve));
    });
    const { onError, onBusyChange } = setup(send);
    expect(screen.getByText('1. 下载导入模板，按模板填写。')).toBeTruthy();
    const file = new File(['x'], '车辆.xlsx', { type: XLSX });
    fireEvent.change(screen.getByLabelText('选择导入文件'), { target: { files: [file] } });
    expect((send.mock.calls[0]![0]).get('file')).toBeInstanceOf(File);
    expect(onError).toHaveBeenLastCalledWith(undefined);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);
    expect((screen.getByRole('button', { name: '选择文件并上传' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => progress(0.5));
    expect(screen.getByText('正在上传 50%')).toBeTruthy();
    act(() => progress(1));
    expect(screen.getByText('正在检查数据…')).toBeTruthy();
    await act(async () => answer());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect((screen.getByRole('button', { name: '选择文件并上传' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a file that is not .xlsx without sending it, and reports a failed upload or template', async () => {
    const send = vi.fn(() => Promise.reject(new Error('文件过大')));
    const { exportFile, onError } = setup(send);
    fireEvent.change(screen.getByLabelText('选择导入文件'), { target: { files: [new File(['a,b'], '车辆.csv')] } });
    expect(onError).toHaveBeenLastCalledWith('请选择 .xlsx 格式的文件');
    expect(send).not.toHaveBeenCalled();
    await act(async () => fireEvent.change(screen.getByLabelText('选择导入文件'), { target: { files: [new File(['x'], '车辆.XLSX')] } }));
    expect(onError).toHaveBeenLastCalledWith('文件过大');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '下载模板' })));
    expect(exportFile).toHaveBeenCalledWith({ url: '/test/template.xlsx', params: {}, fileName: '模板.xlsx' });
    expect(onError).toHaveBeenLastCalledWith('模板不存在');
  });
});

describe('ImportRowTable', () => {
  it('lists each row by its number with its problems on one line, without repeating the row', async () => {
    const rows = [
      { row: 3, errors: ['第 3 行：车牌号不能为空', '第 3 行：车牌颜色不正确'], plate: '' },
      { row: 4, errors: [], plate: '京A20001' },
    ];
    render(<ImportRowTable label="导入预览" rows={rows} columns={[{ key: 'plate', title: '车牌号', render: (r) => r.plate }]} height={200} />);
    const table = await screen.findByRole('table', { name: '导入预览' });
    const third = await within(table).findByText('车牌号不能为空；车牌颜色不正确');
    expect(third.getAttribute('title')).toBe('第 3 行：车牌号不能为空\n第 3 行：车牌颜色不正确');
    expect(within(table).getByText('京A20001')).toBeTruthy();
    expect(within(table).getByText('行号')).toBeTruthy();
  });
});
