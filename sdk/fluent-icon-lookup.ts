/**
 * How an icon name (FluentIconName) finds its Fluent UI icon, shared by the console, which draws it,
 * and the server, which reports a name that draws nothing. Pure: the caller says which per-icon modules
 * of @fluentui/react-icons exist (`lib/atoms/svg/<module>.js`) and what one of them exports.
 */

/** Drawn when an icon name is empty or names no Fluent UI icon. */
export const FALLBACK_ICON = 'AppsList';

/**
 * The names the console ships in its first load and draws at once, with the Fluent export each
 * stands for (the built-in sub-applications use only these). Every other icon loads on first use.
 */
export const BUNDLED_ICONS = {
  Home: 'HomeRegular',
  VehicleCar: 'VehicleCarRegular',
  ContactCard: 'ContactCardRegular',
  Settings: 'SettingsRegular',
  AnimalDog: 'AnimalDogRegular',
  DataArea: 'DataAreaRegular',
  VehicleBicycle: 'VehicleBicycleRegular',
  DocumentTable: 'DocumentTableRegular',
  Receipt: 'ReceiptRegular',
  ShieldCheckmark: 'ShieldCheckmarkRegular',
  Board: 'BoardRegular',
  Mail: 'MailRegular',
  ShieldLock: 'ShieldLockRegular',
  ArrowDownload: 'ArrowDownloadRegular',
  Alert: 'AlertRegular',
  HeartPulse: 'HeartPulseRegular',
  Location: 'LocationRegular',
  History: 'HistoryRegular',
  Send: 'SendRegular',
  Building: 'BuildingRegular',
  Person: 'PersonRegular',
  PeopleTeam: 'PeopleTeamRegular',
  Phone: 'PhoneRegular',
  Book: 'BookRegular',
  Shapes: 'ShapesRegular',
  // Fluent has no plain Battery: its batteries are Battery0 … Battery10
  Battery: 'Battery7Regular',
} as const;

export type BundledIconName = keyof typeof BUNDLED_ICONS;

/** The bundled name `name` is, directly (`Home`) or by its export (`HomeRegular`); undefined when none. */
export function bundledIconName(name: string): BundledIconName | undefined {
  if (Object.hasOwn(BUNDLED_ICONS, name)) return name as BundledIconName;
  return (Object.keys(BUNDLED_ICONS) as BundledIconName[]).find((k) => BUNDLED_ICONS[k] === name);
}

const NAME = /^[A-Z][A-Za-z0-9]{0,99}$/;
const VARIANTS = ['Regular', 'Filled', 'Color', 'Light'] as const;
const VARIANT = /(Regular|Filled|Color|Light)$/;

/**
 * The exports a name may stand for, best first: the name itself when it ends like a full export name
 * (`VehicleCarFilled`), then the base name's Regular, Filled, Color and Light (few icons lack a Regular).
 */
export function fluentIconExportNames(name: string): string[] {
  if (!NAME.test(name)) return [];
  return [...(VARIANT.test(name) ? [name] : []), ...VARIANTS.map((v) => name + v)];
}

/** As the package names its modules: VehicleCar → vehicle-car, Battery7 → battery-7, FStop → f-stop, Calendar3Day → calendar-3-day. */
const kebab = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/([A-Za-z])([0-9])/g, '$1-$2')
    .toLowerCase();

/**
 * The per-icon modules that may hold an export, likeliest first. Most hold one icon's variants and sizes
 * (vehicle-car: VehicleCarRegular, VehicleCar24Filled …); a few hold a family (battery: Battery0Regular
 * … Battery10Regular; text: TextColorRegular) or one export (color-16-filled).
 */
export function fluentIconModuleNames(exportName: string): string[] {
  const modules = [kebab(exportName)];
  for (let k = kebab(exportName.replace(VARIANT, '')); k; k = k.slice(0, Math.max(0, k.lastIndexOf('-')))) modules.push(k);
  return [...new Set(modules)];
}

/** The per-icon modules of the package: which exist, and what one exports (loaded once each by the caller). */
export interface FluentIconModules<T> {
  has(module: string): boolean;
  load(module: string): Promise<Readonly<Record<string, T | undefined>>>;
}

/**
 * The Fluent icon `name` stands for (bundled names aside), or undefined when it names none. Loads only
 * modules that exist: one for nearly every name, none for most names that are no icon.
 */
export async function findFluentIcon<T>(name: string, modules: FluentIconModules<T>): Promise<{ exportName: string; icon: T } | undefined> {
  for (const exportName of fluentIconExportNames(name)) {
    for (const module of fluentIconModuleNames(exportName)) {
      if (!modules.has(module)) continue;
      const icon = (await modules.load(module))[exportName];
      if (icon !== undefined) return { exportName, icon };
    }
  }
  return undefined;
}
