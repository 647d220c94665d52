/**
 * The Tianlu SDK: the only import surface for plugins. Service interfaces and their tokens,
 * the plugin contract, React hooks and shared components, geo utilities.
 */
export * from './geo';
export * from './map-settings';
export * from './china-time';
export * from './live-close';
export * from './live-messages';
export * from './position';
export * from './asset-kinds';
export * from './asset-vocabulary';
export * from './attendance';
export * from './attendance-summary';
export * from './gb-compliance';
export * from './fence';
export * from './lease';
export * from './notice';
export * from './notify-channels';
export * from './system-admin';
export * from './ebike-guard';
export * from './health-limits';
export * from './health';
export * from './plugin';
export * from './plugin-declaration';
export * from './pagination';
export * from './services/http-service';
export * from './endpoint';
export * from './contracts';
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
export * from './live-resume';
export * from './command-follower';
export * from './asset-status';
export * from './services/plugin-registry';
export * from './react/use-service';
export * from './react/permission';
export * from './react/use-paged-query';
export * from './components/platform-overview';
export * from './components/asset-map';
export * from './components/area-center';
export * from './components/form-dialog';
export * from './components/confirm-delete';
export * from './components/asset-monitor';
export * from './components/asset-tree';
export * from './components/person-status-chips';
export * from './components/data-table';
export * from './components/pagination-bar';
export * from './track';
export type {
  MileageItem, DayOnlineItem, ReportAssetColumns, ReportFilterParams, ReportType, TripReportItem, StopReportItem, OverspeedReportItem, MileageSummaryItem, FuelReportItem, OfflineReportItem,
  MileagePage, DayOnlinePage, EventDay, TripPage, StopPage, OverspeedPage, MileageSummaryPage, FuelPage, OfflinePage, ReportGroup,
} from './report';
export * from './components/track-player/track-playback';
export * from './components/track-player';
export * from './components/trip-log';
export * from './components/echart';
export * from './components/tenant-select';
export * from './dashboard';
export * from './components/text-input';
export * from './components/report-chart';
export * from './components/profile-fields';
export * from './components/series-chart';
export * from './components/health-chart';
export * from './components/page-section';
