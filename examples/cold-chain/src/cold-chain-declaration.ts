import { declaredMenuPage, type PluginDeclaration } from '@tianlu/sdk';

/**
 * 冷链监控 as plain data: its platform, pages, menus and buttons. The menu and button ids are the
 * resource ids roles grant (a button is its menu × 100 + its place); manifest.json declares the
 * same menus for the platform's role editor.
 */
export const coldChainDeclaration: PluginDeclaration = {
  platformId: 41,
  systemId: 'cold-chain',
  title: '冷链监控',
  icon: 'Temperature',
  basePath: '/cold-chain/',
  pages: [
    { path: '/cold-chain/overview', title: '温度总览', menuId: 41001, icon: 'Temperature', main: true, buttons: ['设置上下限', '导出'] },
    { path: '/cold-chain/trips', title: '运输温度', menuId: 41002, icon: 'VehicleTruckProfile', main: true, buttons: ['导出'] },
  ],
};

/** The id of a page's button, as the declaration numbers it. */
function buttonId(path: string, name: string): number {
  const button = declaredMenuPage(coldChainDeclaration, path).buttons.find((b) => b.name === name);
  if (!button) throw new Error(`${path} declares no button ${name}`);
  return button.id;
}

/** The buttons the pages show only to roles granted them (the server checks the same ids). */
export const ColdChainButtons = {
  /** 温度总览 › 设置上下限 (4100101). */
  setLimits: buttonId('/cold-chain/overview', '设置上下限'),
  /** 温度总览 › 导出 (4100102). */
  exportReadings: buttonId('/cold-chain/overview', '导出'),
  /** 运输温度 › 导出 (4100201). */
  exportTrip: buttonId('/cold-chain/trips', '导出'),
} as const;
