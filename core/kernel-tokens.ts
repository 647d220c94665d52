import type { AxiosAdapter } from 'axios';
import type { ManifestRecord, PluginDefinition } from '../sdk/plugin';

/** Loads one plugin module; the default export is its definition. */
export type PluginLoader = () => Promise<{ default: PluginDefinition }>;

/** What the host (or a test) gives the kernel. */
export interface KernelOptions {
  /** The browser window services talk to; default `globalThis.window`. */
  window?: Window;
  /** Loaders per systemId, used instead of importing the manifest's productionEntry (dev mode, tests). */
  pluginLoaders?: Record<string, PluginLoader>;
  /** Where the plugin manifest is fetched from; default `/plugins.manifest.json`. */
  manifestUrl?: string;
  /** Inline manifest: when given it is used instead of fetching `manifestUrl`. */
  manifest?: ManifestRecord[];
  /** axios adapter replacing the network (tests). */
  httpAdapter?: AxiosAdapter;
  /** Opens the live channel's socket instead of `new window.WebSocket(url)` (tests). */
  webSocketFactory?: WebSocketFactory;
}

/** The part of a browser WebSocket the live service uses. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  /** Where the socket can: sends `data` as soon as it opens, before `onopen` runs on the page (a socket in a worker). */
  sendWhenOpen?(data: string): void;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

/** Kernel-internal token of the {@link KernelOptions} given to `createKernel`. */
export const KernelOptions = Symbol.for('tianlu.core.kernelOptions');

/** Kernel-internal token of the browser window. */
export const WindowToken = Symbol.for('tianlu.core.window');

/**
 * Resolves a service at call time. Used where two services need each other (config ↔ http) and
 * where the host may rebind a service after the kernel was created (navigation).
 */
export type ServiceResolver = <T>(token: symbol) => T;
export const ServiceResolver = Symbol.for('tianlu.core.resolver');

/** Kernel-internal token of the container itself (the plugin registry loads plugin bindings into it). */
export const KernelContainer = Symbol.for('tianlu.core.container');

export const DEFAULT_MANIFEST_URL = '/plugins.manifest.json';
