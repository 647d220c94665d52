import { render as renderBare, waitFor } from '@testing-library/react';
import * as fluent from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NamedIcon } from '../../sdk/components/named-icon';
import { BUNDLED_ICONS } from '../../sdk/fluent-icon-lookup';
import { ServiceProvider } from '../../sdk/react/use-service';
import { createKernel } from '../kernel';

/** Renders inside the kernel's container: NamedIcon loads through its IconLoader. */
const kernel = createKernel({ window });
const render = (node: ReactNode) => renderBare(<ServiceProvider container={kernel}>{node}</ServiceProvider>);

/** The path data an icon draws: what tells two icons apart. */
const drawn = (root: Element) => [...root.querySelectorAll('svg path')].map((p) => p.getAttribute('d'));
const drawnBy = (Icon: fluent.FluentIcon) => drawn(render(<Icon />).container);

afterEach(() => vi.restoreAllMocks());

describe('NamedIcon over the kernel’s IconLoader', () => {
  it.each(Object.entries(BUNDLED_ICONS))('draws the bundled %s at once, as Fluent’s %s', (name, exportName) => {
    const expected = drawnBy(fluent[exportName as keyof typeof fluent] as fluent.FluentIcon);
    const { container } = render(<NamedIcon name={name} />);
    expect(drawn(container)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  it.each([
    ['Temperature', fluent.TemperatureRegular],
    ['WeatherSnowflake', fluent.WeatherSnowflakeRegular],
    ['TemperatureFilled', fluent.TemperatureFilled],
    ['VehicleCarFilled', fluent.VehicleCarFilled],
    ['Battery3Regular', fluent.Battery3Regular],
    // no Regular: the first variant it has
    ['BuildingStore', fluent.BuildingStoreColor],
  ])('draws %s, outside the bundled set, once its module has loaded, holding its place until then', async (name, Icon) => {
    const warn = vi.spyOn(console, 'warn');
    const expected = drawnBy(Icon);
    expect(expected.length).toBeGreaterThan(0);
    const { container } = render(<NamedIcon name={name} fontSize={18} />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('width')).toBe('1em');
    expect(drawn(container)).toEqual([]);
    await waitFor(() => expect(drawn(container)).toEqual(expected));
    expect(warn).not.toHaveBeenCalled();
    // drawn again (another menu, a re-render): at once
    expect(drawn(render(<NamedIcon name={name} />).container)).toEqual(expected);
  });

  it('draws AppsList for a name that is no Fluent UI icon, and warns once naming it and the fallback', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fallback = drawnBy(fluent.AppsListRegular);
    const first = render(<NamedIcon name="NoSuchIconAnywhere" />).container;
    await waitFor(() => expect(drawn(first)).toEqual(fallback));
    const second = render(<NamedIcon name="NoSuchIconAnywhere" />).container;
    expect(drawn(second)).toEqual(fallback);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"NoSuchIconAnywhere".*AppsList/);
  });

  it('draws AppsList without a warning when no name is given', () => {
    const warn = vi.spyOn(console, 'warn');
    expect(drawn(render(<NamedIcon name="" />).container)).toEqual(drawnBy(fluent.AppsListRegular));
    expect(drawn(render(<NamedIcon />).container)).toEqual(drawnBy(fluent.AppsListRegular));
    expect(warn).not.toHaveBeenCalled();
  });
});
