import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogService, MessageBus, type DialogService as Dialogs, type MessageBus as Bus } from '@tianlu/sdk';
import { logIn, renderApp } from '../test/app-harness';

async function openViewer() {
  logIn();
  const { container } = renderApp('/home');
  await screen.findByText('我的应用');
  // Plugins open it through the bus; the host routes showImage to the dialog service.
  act(() => void container.get<Bus>(MessageBus).emit('showImage', { urls: ['/a.png', '/b.png', '/c.png'], index: 1 }));
  const mask = await screen.findByTestId('image-viewer-mask');
  return { mask, dialogs: container.get<Dialogs>(DialogService) };
}

describe('image viewer', () => {
  it('opens at the initial index', async () => {
    await openViewer();
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByRole('img', { name: '图片 2' }).getAttribute('src')).toBe('/b.png');
  });

  it('does not close on Escape but closes on a click on the mask', async () => {
    const { mask, dialogs } = await openViewer();
    fireEvent.keyDown(mask, { key: 'Escape' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('image-viewer-mask')).toBeTruthy();
    fireEvent.click(screen.getByRole('img', { name: '图片 2' }));
    expect(dialogs.imageViewer?.urls.length).toBeGreaterThan(0);
    fireEvent.click(mask);
    await waitFor(() => expect(screen.queryByTestId('image-viewer-mask')).toBeNull());
    expect(dialogs.imageViewer).toBeUndefined();
  });

  it('zooms by a rate of 1.2', async () => {
    await openViewer();
    const img = screen.getByRole('img', { name: '图片 2' });
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(img.style.transform).toBe('scale(1.2)');
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    expect(img.style.transform).toBe(`scale(${1 / 1.2})`);
  });
});
