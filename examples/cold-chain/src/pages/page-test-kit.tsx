/**
 * What the page tests of 冷链监控 render in: the page inside the plugin's scope with the platform's
 * services bound at their edges — the http service answers from the routes a test gives (as the
 * server part would, envelope and all) and records what was sent; toasts, the download list, the
 * navigation and the permissions are recorded or set by the test. Imported by tests only; a test
 * renders `kit.page` with @testing-library/react.
 */
import type { ComponentProps, ReactElement } from 'react';
import { cleanup, configure, fireEvent, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import {
  DialogService,
  Flag,
  HttpService,
  LiveService,
  NavigationService,
  pagesOf,
  PermissionService,
  PluginScope,
  PluginSettingsApi,
  ToastService,
  type Endpoint,
  type Envelope,
  type MonitorItem,
} from '@tianlu/sdk';
import type { VehicleTemperature } from '../api';
import { coldChainDeclaration } from '../cold-chain-declaration';

// jsdom has no layout: Fluent UI's measuring components need a ResizeObserver, and ECharts finds no canvas
if (!('ResizeObserver' in globalThis)) {
  class NoLayoutResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(globalThis, { ResizeObserver: NoLayoutResizeObserver });
}
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// a page waits on its answers, which can take a while on a busy machine: slow is not failed
configure({ asyncUtilTimeout: 30_000 });
afterEach(cleanup);

/** A refusal a route answers with: its flag (400, 403 …) and Chinese message. */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly flag: number = Flag.BAD_INPUT,
  ) {
    super(message);
  }
}

/** A route of the fake server: the input the page sent (query of a GET, body of a POST) → the answer's obj, or a throw of {@link Refusal}. */
export type Route = (input: Record<string, unknown>) => unknown;

/** A request the page made. */
export interface SentRequest {
  path: string;
  input: Record<string, unknown>;
}

export interface PageKitOptions {
  /** Answers by path (e.g. `ColdChainApi.vehicles.path`). */
  routes: Record<string, Route>;
  /** The buttons the user's role holds; every button of the declaration unless told. */
  buttons?: readonly number[];
  /** The console's path (what NavigationService.path says), e.g. a link with a query. */
  path?: string;
  /** Live positions by terminal number. */
  positions?: readonly MonitorItem[];
}

/** The tenant settings of 冷链监控 as the platform answers them, defaults filled in. */
export const DEFAULT_SETTINGS = { itemId: 'E1', encoding: 'int16x10', defaultMin: 2, defaultMax: 8, tripGapMinutes: 30 };

const ALL_BUTTONS = pagesOf(coldChainDeclaration).flatMap((p) => ('menuId' in p ? p.buttons.map((b) => b.id) : []));

/** What a page's services reach: a container of the services a test gives (the platform's own is not needed). */
type ScopeContainer = ComponentProps<typeof PluginScope>['container'];

/** `ui` as a page of 冷链监控 (`page`, to render); what it sent, toasted and opened is in the answer. */
export function pageKit(ui: ReactElement, options: PageKitOptions) {
  const sent: SentRequest[] = [];
  const toasts: { text: string; intent?: string }[] = [];
  const downloads: boolean[] = [];
  const navigated: string[] = [];
  const routes: Record<string, Route> = { [PluginSettingsApi.values.path]: () => DEFAULT_SETTINGS, ...options.routes };
  const buttons = new Set(options.buttons ?? ALL_BUTTONS);

  const http = {
    async call(endpoint: Endpoint, input: Record<string, unknown> = {}): Promise<Envelope<unknown>> {
      sent.push({ path: endpoint.path, input });
      const route = routes[endpoint.path];
      if (!route) return { flag: Flag.NOT_FOUND, msg: '接口不存在', obj: null };
      try {
        return { flag: Flag.OK, msg: '', obj: await route(input) };
      } catch (e) {
        if (e instanceof Refusal) return { flag: e.flag, msg: e.message, obj: null };
        throw e;
      }
    },
  };
  const services = new Map<unknown, unknown>([
    [HttpService, http],
    [ToastService, { current: undefined, show: (text: string, intent?: string) => toasts.push({ text, intent }), dismiss() {} }],
    [DialogService, { showDownList: (visible = true) => downloads.push(visible) }],
    [NavigationService, { path: options.path ?? '/cold-chain/overview', navigate: (p: string) => navigated.push(p), openTab() {} }],
    [PermissionService, { hasMenu: () => true, hasButton: (id: number) => buttons.has(id) }],
    [LiveService, { positions: new Map((options.positions ?? []).map((p) => [p.terminalNo, p])) }],
  ]);
  const container = { isBound: (token: unknown) => services.has(token), get: (token: unknown) => services.get(token) } as unknown as ScopeContainer;

  const { platformId, systemId, title, basePath } = coldChainDeclaration;
  const page = (
    <FluentProvider theme={webLightTheme}>
      <PluginScope plugin={{ platformId, systemId, title, basePath }} container={container}>
        {ui}
      </PluginScope>
    </FluentProvider>
  );
  return {
    page,
    toasts,
    downloads,
    navigated,
    /** The requests sent to `path`, oldest first. */
    sentTo: (path: string) => sent.filter((r) => r.path === path).map((r) => r.input),
  };
}

/**
 * A row of vehicles.json as the server part answers it: the terminal number without its leading
 * zeros and as the console shows it, at 4.5 ℃ inside the default 2～8 ℃; `patch` changes what a test is about.
 */
export function vehicleRow(displayNo: string, name: string, patch: Partial<VehicleTemperature> = {}): VehicleTemperature {
  const terminalNo = displayNo.replace(/^0+(?=\d)/, '');
  return { terminalNo, displayNo, name, latest: { celsius: 4.5, time: '2026-11-27T08:00:00+08:00' }, min: 2, max: 8, custom: false, state: 'normal', ...patch };
}

/** Renders `ui` as a page of 冷链监控 (see {@link pageKit}). */
export function renderPage(...args: Parameters<typeof pageKit>) {
  const kit = pageKit(...args);
  render(kit.page);
  return kit;
}

/** Clicks a button as a user does: it takes the focus, then the click. */
export function press(button: HTMLElement): void {
  button.focus();
  fireEvent.click(button);
}
