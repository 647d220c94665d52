import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyView } from './lazy-view';

/** A module that arrives when the test says so. */
function deferredModule() {
  let arrive!: () => void;
  let fail!: (e: Error) => void;
  let calls = 0;
  const promise = new Promise<{ default: (p: { name: string }) => ReactNode }>((resolve, reject) => {
    arrive = () => resolve({ default: ({ name }) => <p>你好，{name}</p> });
    fail = reject;
  });
  return { load: () => (calls++, promise), arrive, fail, calls: () => calls };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">加载失败：{this.state.error.message}</p> : this.props.children;
  }
}

describe('lazyView', () => {
  it('shows the fallback until the code arrives, then the component with its props; loads once for every use', async () => {
    const mod = deferredModule();
    const Greeting = lazyView(mod.load, <p>加载中</p>);
    render(
      <>
        <Greeting name="张三" />
        <Greeting name="李四" />
      </>,
    );
    expect(screen.getAllByText('加载中')).toHaveLength(2);
    mod.arrive();
    expect(await screen.findByText('你好，张三')).toBeTruthy();
    expect(screen.getByText('你好，李四')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
    expect(mod.calls()).toBe(1);
  });

  it('draws a component whose code is loaded at once, without the fallback', async () => {
    const mod = deferredModule();
    const Greeting = lazyView(mod.load, <p>加载中</p>);
    mod.arrive();
    await Greeting.preload();
    render(<Greeting name="王五" />);
    expect(screen.getByText('你好，王五')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('throws a failed load to the error boundary', async () => {
    const mod = deferredModule();
    const Greeting = lazyView(mod.load);
    render(
      <Boundary>
        <Greeting name="赵六" />
      </Boundary>,
    );
    mod.fail(new Error('网络异常'));
    expect((await screen.findByRole('alert')).textContent).toBe('加载失败：网络异常');
  });
});
