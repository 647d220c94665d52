import { describe, expect, it, vi } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { Container } from 'inversify';
import type { ReactNode } from 'react';
import { HttpService } from '../services/http-service';
import type { LiveService } from '../services/live-service';
import { SessionService } from '../services/session-service';
import { ServiceProvider, useContainer, useService } from './use-service';

function wrapper(container: Container) {
  return ({ children }: { children?: ReactNode }) => <ServiceProvider container={container}>{children}</ServiceProvider>;
}

function silenceReactErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('useService', () => {
  it('returns the bound service', () => {
    const c = new Container();
    const fake = { isLoggedIn: true };
    c.bind(SessionService).toConstantValue(fake);
    const { result } = renderHook(() => useService(SessionService), { wrapper: wrapper(c) });
    expect(result.current).toBe(fake);
  });

  it('is typed by its token: the service’s own members, and no other service’s type', () => {
    const c = new Container();
    c.bind(SessionService).toConstantValue({ isLoggedIn: true });
    c.bind(HttpService).toConstantValue({});
    const { result } = renderHook(
      () => {
        const session = useService(SessionService);
        // @ts-expect-error a token names its service: HttpService's token never gives a LiveService
        const wrong = useService<LiveService>(HttpService);
        return { loggedIn: session.isLoggedIn, wrong };
      },
      { wrapper: wrapper(c) },
    );
    expect(result.current.loggedIn).toBe(true);
  });

  it('throws "no implementation bound for tianlu.session" when nothing is bound', () => {
    const error = silenceReactErrors();
    expect(() => renderHook(() => useService(SessionService), { wrapper: wrapper(new Container()) })).toThrow(
      'no implementation bound for tianlu.session',
    );
    error.mockRestore();
  });

  it('throws a clear error without a ServiceProvider', () => {
    const error = silenceReactErrors();
    expect(() => renderHook(() => useService(SessionService))).toThrow(/ServiceProvider/);
    error.mockRestore();
  });

  it('exposes the container to components', () => {
    const c = new Container();
    function Probe() {
      return <span>{useContainer() === c ? 'same' : 'other'}</span>;
    }
    render(<Probe />, { wrapper: wrapper(c) });
    expect(screen.getByText('same')).toBeTruthy();
  });
});
