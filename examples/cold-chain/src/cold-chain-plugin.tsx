import { declaredPlugin, definePlugin } from '@tianlu/sdk';
import { coldChainDeclaration } from './cold-chain-declaration';

/** The page modules, by the path cold-chain-declaration.ts gives each page. */
const pages = {
  '/cold-chain/overview': () => import('./pages/overview-page'),
  '/cold-chain/trips': () => import('./pages/trips-page'),
};

/** What it lends other sub-applications' pages, by the names manifest.json `contributes` uses. */
const components = {
  /** The 温度 tab of the vehicle-info dialog (vehicleTabs). */
  VehicleTemperatureTab: () => import('./components/vehicle-temperature-tab'),
};

/** 冷链监控 (platform 41): the plugin the platform loads from PLUGINS_DIR (default export of index.js). */
export default definePlugin({ ...declaredPlugin(coldChainDeclaration, pages), components });
