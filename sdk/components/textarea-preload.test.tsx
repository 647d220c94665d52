import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { preloadTextarea, Textarea } from './text-input';

// alone in its file: no Textarea has rendered before, so only the preload can have loaded Fluent's
describe('preloadTextarea', () => {
  it("makes the first Textarea Fluent's at once, with no stand-in", async () => {
    await preloadTextarea();
    const { container } = render(<Textarea aria-label="备注" defaultValue="已处理" />);
    expect(container.querySelector('.fui-Textarea')).not.toBeNull();
    expect((screen.getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement).value).toBe('已处理');
  });
});
