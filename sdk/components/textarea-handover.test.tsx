import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Textarea } from './text-input';

function Note() {
  const [value, setValue] = useState('');
  return <Textarea aria-label="处理意见" value={value} onChange={(_, d) => setValue(d.value)} />;
}

// alone in its file: the first Textarea rendered is the stand-in, until Fluent's chunk has loaded
describe('the stand-in textarea', () => {
  it("hands the focus and the caret to Fluent's Textarea when it replaces it mid-typing", async () => {
    const { container } = render(<Note />);
    const standIn = screen.getByRole('textbox', { name: '处理意见' }) as HTMLTextAreaElement;
    expect(container.querySelector('.fui-Textarea')).toBeNull();
    standIn.focus();
    fireEvent.change(standIn, { target: { value: '已电话确认' } });
    standIn.setSelectionRange(2, 2);
    await waitFor(() => expect(container.querySelector('.fui-Textarea')).not.toBeNull());
    const fluent = screen.getByRole('textbox', { name: '处理意见' }) as HTMLTextAreaElement;
    expect(fluent).not.toBe(standIn);
    expect(fluent.value).toBe('已电话确认');
    expect(document.activeElement).toBe(fluent);
    expect([fluent.selectionStart, fluent.selectionEnd]).toEqual([2, 2]);
  });
});
