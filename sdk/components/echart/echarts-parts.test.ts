import { afterEach, describe, expect, it, vi } from 'vitest';

const outline = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: '北京市', kind: 'province', label: [116.4, 39.9] }, geometry: { type: 'MultiPolygon', coordinates: [[[[116, 39], [117, 39], [117, 40], [116, 39]]]] } },
    { type: 'Feature', properties: { name: '蒙古国', kind: 'country', label: [105, 47] }, geometry: { type: 'MultiPolygon', coordinates: [[[[100, 45], [110, 45], [110, 50], [100, 45]]]] } },
  ],
};
const loadBasemapData = vi.fn();
vi.mock('../asset-map/basemap-data', () => ({ loadBasemapData }));

afterEach(() => {
  vi.resetModules();
  loadBasemapData.mockReset();
});

describe('registerChinaMap', () => {
  it('loads the outline once, however many charts and visits ask for it, and registers its provinces', async () => {
    loadBasemapData.mockResolvedValue(outline);
    const { echarts, registerChinaMap } = await import('./echarts-parts');
    await Promise.all([registerChinaMap(), registerChinaMap()]);
    await registerChinaMap(); // the page's next visit
    expect(loadBasemapData).toHaveBeenCalledTimes(1);
    // the provinces only: the neighbouring countries are not part of the chart's China
    const names = (echarts.getMap('china')?.geoJson as { features: { properties: { name: string } }[] }).features.map((f) => f.properties.name);
    expect(names).toEqual(['北京市']);
  });

  it('tries the outline again after a failed load', async () => {
    loadBasemapData.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(outline);
    const { echarts, registerChinaMap } = await import('./echarts-parts');
    await expect(registerChinaMap()).rejects.toThrow('offline');
    await registerChinaMap();
    expect(loadBasemapData).toHaveBeenCalledTimes(2);
    const names = (echarts.getMap('china')?.geoJson as { features: { properties: { name: string } }[] } | undefined)?.features.map((f) => f.properties.name);
    expect(names).toEqual(['北京市']);
  });
});
