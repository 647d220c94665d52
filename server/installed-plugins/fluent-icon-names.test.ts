import { describe, expect, it } from 'vitest';
import { BUNDLED_ICONS } from '../../sdk/fluent-icon-lookup';
import { FluentIconNames } from './fluent-icon-names';

describe('FluentIconNames (read from the installed @fluentui/react-icons)', () => {
  const names = new FluentIconNames();

  it('knows the bundled names and the Fluent exports they stand for', async () => {
    for (const [name, exportName] of Object.entries(BUNDLED_ICONS)) {
      expect(await names.has(name), name).toBe(true);
      expect(await names.has(exportName), exportName).toBe(true);
    }
  });

  it.each(['Temperature', 'WeatherSnowflake', 'TemperatureFilled', 'VehicleCar24Regular', 'Battery3Regular', 'BuildingStore', 'TextColor', 'FStop', 'Calendar3Day', 'Apps'])(
    'knows %s',
    async (name) => expect(await names.has(name)).toBe(true),
  );

  it.each(['Snowflake', 'NoSuchIcon', 'VehicleCarPurple', 'vehicleCar', 'vehicle-car', '../utils/createFluentIcon', '', 'VehicleCarRegularRegular'])(
    'knows %s is none',
    async (name) => expect(await names.has(name)).toBe(false),
  );

  it('reports nothing when the package cannot be read', async () => {
    expect(await new FluentIconNames(() => '/nonexistent/react-icons/lib/atoms/svg').has('NoSuchIcon')).toBe(true);
  });
});
