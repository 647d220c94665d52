/**
 * The Tianlu SDK: the only import surface for plugins. Service interfaces and their tokens,
 * the plugin contract, React hooks and shared components, geo utilities.
 */
export * from './geo';
export * from './asset-kinds';
export * from './gb-compliance';
export * from './plugin';
export * from './pagination';
export * from './services/http-service';
export * from './services/storage-service';
export * from './services/session-service';
export * from './services/permission-service';
export * from './services/history-service';
export * from './services/geocode-service';
export * from './services/dialog-service';
export * from './services/theme-service';
export * from './services/branding-service';
export * from './services/message-bus';
export * from './services/page-scale-service';
export * from './services/toast-service';
export * from './services/navigation-service';
export * from './services/config-service';
export * from './services/live-service';
export * from './services/alarm-service';
export * from './services/command-api';
export * from './asset-status';
export * from './services/plugin-registry';
export * from './react/use-service';
export * from './react/permission';
export * from './components/platform-overview';
export * from './components/asset-map';
export * from './components/asset-monitor';
export * from './components/asset-tree';
export * from './components/data-table';
export * from './components/pagination-bar';
export * from './track';
export type { MileageItem, DayOnlineItem } from './report';
export * from './components/track-player/track-playback';
export * from './components/track-player';
export * from './components/trip-log';
export * from './components/health-chart';
