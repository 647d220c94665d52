import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Field, Input } from '@fluentui/react-components';
import { ConfirmDialog, FormDialog } from './form-dialog';
import { ConfirmDelete } from './confirm-delete';

function PlateForm(props: { save: (plate: string) => Promise<unknown>; onClose: () => void }) {
  const [plate, setPlate] = useState('');
  return (
    <FormDialog title="续租：京A12345" label="续租" submitText="确认续租" width={640} onSubmit={() => props.save(plate)} onClose={props.onClose}>
      <Field label="车牌号">
        <Input value={plate} onChange={(_, d) => setPlate(d.value)} />
      </Field>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is named by its label, shows its heading, and closes after a save', async () => {
    const save = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<PlateForm save={save} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '续租' });
    expect(dialog.textContent).toContain('续租：京A12345');
    expect(dialog.style.maxWidth).toBe('640px');
    fireEvent.change(screen.getByRole('textbox', { name: '车牌号' }), { target: { value: '京B1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith('京B1');
  });

  it('lays its fields out in a column unless given a class of its own', () => {
    const { unmount } = render(<FormDialog title="新增" onSubmit={() => undefined} onClose={() => undefined}><span>名称</span></FormDialog>);
    expect(screen.getByText('名称').parentElement?.style.flexDirection).toBe('column');
    unmount();
    render(<FormDialog title="新增" contentClassName="area-grid" onSubmit={() => undefined} onClose={() => undefined}><span>名称</span></FormDialog>);
    const box = screen.getByText('名称').parentElement;
    expect(box?.classList.contains('area-grid')).toBe(true);
    expect(box?.style.flexDirection).toBe('');
  });

  it('leaves an empty required field to the form\'s own Chinese message, not the browser\'s validation', async () => {
    const onClose = vi.fn();
    function RequiredForm() {
      const [plate, setPlate] = useState('');
      return (
        <FormDialog
          title="续租"
          onSubmit={() => {
            if (!plate) throw new Error('请填写车牌号');
          }}
          onClose={onClose}
        >
          <Field label="车牌号" required>
            <Input value={plate} onChange={(_, d) => setPlate(d.value)} />
          </Field>
        </FormDialog>
      );
    }
    render(<RequiredForm />);
    expect(screen.getByRole('textbox', { name: /车牌号/ })).toHaveProperty('required', true);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写车牌号');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('submits on Enter in a field', async () => {
    const save = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<PlateForm save={save} onClose={onClose} />);
    fireEvent.submit(screen.getByRole('textbox', { name: '车牌号' }).closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows a refusal in the dialog, keeps what was typed, and lets the user try again', async () => {
    let refuse = true;
    const save = vi.fn(() => (refuse ? Promise.reject(new Error('结束日期不能早于开始日期')) : Promise.resolve()));
    const onClose = vi.fn();
    render(<PlateForm save={save} onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: '车牌号' }), { target: { value: '京B1' } });
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '结束日期不能早于开始日期');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '车牌号' }).value).toBe('京B1');
    refuse = false;
    await waitFor(() => expect(screen.getByRole('button', { name: '确认续租' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('says 网络异常 when a save fails without a message', async () => {
    render(<PlateForm save={() => Promise.reject(new TypeError(''))} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '网络异常');
  });

  it('keeps both buttons off and ignores Escape while saving', async () => {
    let finish!: () => void;
    const onClose = vi.fn();
    render(<PlateForm save={() => new Promise<void>((r) => (finish = r))} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '确认续租' })).toHaveProperty('disabled', true));
    expect(screen.getByRole('button', { name: '取消' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes on 取消 and on Escape without saving', () => {
    const save = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    render(<PlateForm save={save} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(save).not.toHaveBeenCalled();
  });

  it('stays open when the save answers false (it asked something more)', async () => {
    const onClose = vi.fn();
    const save = vi.fn(() => Promise.resolve(false));
    render(<PlateForm save={save} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '确认续租' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('button', { name: '确认续租' })).toHaveProperty('disabled', false));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the submit button off while told to', () => {
    render(
      <FormDialog title="收款" disabled onSubmit={() => undefined} onClose={() => undefined}>
        金额
      </FormDialog>,
    );
    expect(screen.getByRole('button', { name: '保存' })).toHaveProperty('disabled', true);
  });
});

describe('ConfirmDialog and ConfirmDelete', () => {
  it('asks with 取消 and 确定, and shows a refusal in place', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog title="解除微信绑定" message="确定解除吗？" onConfirm={() => Promise.reject(new Error('该账号未绑定微信'))} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: '解除微信绑定' }).textContent).toContain('确定解除吗？');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '该账号未绑定微信');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('deletes with 删除, then closes', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDelete title="删除班次" text="删除班次“早班”？" onConfirm={onConfirm} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('an alert confirmation', () => {
  it('is an alertdialog', () => {
    render(<ConfirmDelete title="删除围栏" text="删除围栏“北京仓库”？" alert onConfirm={() => undefined} onClose={() => undefined} />);
    expect(screen.getByRole('alertdialog', { name: '删除围栏' })).toBeTruthy();
  });
});
