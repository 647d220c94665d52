import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Field } from '@fluentui/react-components';
import { DEFAULT_TEXT_MAX_LENGTH, Input, Textarea } from './text-input';

const counter = (container: HTMLElement) => [...container.querySelectorAll('[data-counter]')].map((e) => e.textContent);

function Controlled(props: { max?: number }) {
  const [value, setValue] = useState('京A');
  return (
    <Field label="车牌号">
      <Input value={value} maxLength={props.max} onChange={(_, d) => setValue(d.value)} />
    </Field>
  );
}

describe('text inputs (spec §5: a maximum-length counter)', () => {
  it('shows the characters typed of the limit as the user types, and limits the field', () => {
    const { container } = render(<Controlled max={20} />);
    const box = screen.getByRole('textbox', { name: '车牌号' }) as HTMLInputElement;
    expect(box.maxLength).toBe(20);
    expect(counter(container)).toEqual(['2/20']);
    fireEvent.change(box, { target: { value: '京A12345' } });
    expect(counter(container)).toEqual(['7/20']);
  });

  it('gives a field without a limit the default one, uncontrolled fields too', () => {
    const { container } = render(<Input aria-label="关键词" defaultValue="abc" />);
    expect((screen.getByRole('textbox', { name: '关键词' }) as HTMLInputElement).maxLength).toBe(DEFAULT_TEXT_MAX_LENGTH);
    expect(counter(container)).toEqual([`3/${DEFAULT_TEXT_MAX_LENGTH}`]);
    fireEvent.change(screen.getByRole('textbox', { name: '关键词' }), { target: { value: 'abcdef' } });
    expect(counter(container)).toEqual([`6/${DEFAULT_TEXT_MAX_LENGTH}`]);
  });

  it('shows no counter on passwords, numbers and dates', () => {
    const { container } = render(
      <>
        <Input type="password" aria-label="密码" />
        <Input type="number" aria-label="限速" />
        <Input type="date" aria-label="到期日期" />
      </>,
    );
    expect(counter(container)).toEqual([]);
  });

  it('shows no counter on figures: phones, coordinates, numbers typed as text, and codes that say so', () => {
    const { container } = render(
      <>
        <Input type="tel" aria-label="手机号" defaultValue="186" />
        <Input inputMode="decimal" aria-label="经度" defaultValue="113.9" />
        <Input inputMode="numeric" aria-label="半径" defaultValue="200" />
        <Input counter={false} maxLength={30} aria-label="车架号" defaultValue="YD2026" />
        <Input maxLength={50} aria-label="部门" defaultValue="生产部" />
      </>,
    );
    expect(counter(container)).toEqual(['3/50']);
  });

  it('counts in a textarea under the text', () => {
    const { container } = render(<Textarea aria-label="备注" maxLength={100} defaultValue="已处理" />);
    expect(counter(container)).toEqual(['3/100']);
    fireEvent.change(screen.getByRole('textbox', { name: '备注' }), { target: { value: '已电话联系司机' } });
    expect(counter(container)).toEqual(['7/100']);
  });

  it("becomes Fluent's Textarea once its chunk has loaded, keeping the text, the limit and the counter", async () => {
    const { container } = render(<Textarea aria-label="备注" maxLength={100} value="已电话联系司机" onChange={() => {}} />);
    await waitFor(() => expect(container.querySelector('.fui-Textarea')).not.toBeNull());
    const box = screen.getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement;
    expect(box.value).toBe('已电话联系司机');
    expect(box.maxLength).toBe(100);
    expect(counter(container)).toEqual(['7/100']);
  });
});
