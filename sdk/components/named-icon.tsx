import { useEffect, useReducer } from 'react';
import {
  AlertRegular,
  AnimalDogRegular,
  AppsListRegular,
  ArrowDownloadRegular,
  Battery7Regular,
  BoardRegular,
  BookRegular,
  BuildingRegular,
  ContactCardRegular,
  createFluentIcon,
  DataAreaRegular,
  DocumentTableRegular,
  HeartPulseRegular,
  HistoryRegular,
  LocationRegular,
  HomeRegular,
  MailRegular,
  PeopleTeamRegular,
  PersonRegular,
  PhoneRegular,
  ReceiptRegular,
  SendRegular,
  SettingsRegular,
  ShapesRegular,
  ShieldCheckmarkRegular,
  ShieldLockRegular,
  VehicleBicycleRegular,
  VehicleCarRegular,
  type FluentIcon,
  type FluentIconsProps,
} from '@fluentui/react-icons';
import { bundledIconName, FALLBACK_ICON, type BundledIconName } from '../fluent-icon-lookup';
import type { FluentIconName } from '../fluent-icon-name';
import { useService } from '../react/use-service';
import { IconLoader } from '../services/icon-loader';

/** The icons of the first load (fluent-icon-lookup.ts lists them with their export names). */
const BUNDLED: Record<BundledIconName, FluentIcon> = {
  Home: HomeRegular,
  VehicleCar: VehicleCarRegular,
  ContactCard: ContactCardRegular,
  Settings: SettingsRegular,
  AnimalDog: AnimalDogRegular,
  DataArea: DataAreaRegular,
  VehicleBicycle: VehicleBicycleRegular,
  DocumentTable: DocumentTableRegular,
  Receipt: ReceiptRegular,
  ShieldCheckmark: ShieldCheckmarkRegular,
  Board: BoardRegular,
  Mail: MailRegular,
  ShieldLock: ShieldLockRegular,
  ArrowDownload: ArrowDownloadRegular,
  Alert: AlertRegular,
  HeartPulse: HeartPulseRegular,
  Location: LocationRegular,
  History: HistoryRegular,
  Send: SendRegular,
  Building: BuildingRegular,
  Person: PersonRegular,
  PeopleTeam: PeopleTeamRegular,
  Phone: PhoneRegular,
  Book: BookRegular,
  Shapes: ShapesRegular,
  Battery: Battery7Regular,
};

/** Holds an icon's place (same size, nothing drawn) while its module loads. */
const BlankIcon = createFluentIcon('BlankIcon', '1em', []);

/** Names outside the bundled set, once looked up: their icon, or the fallback. */
const settled = new Map<string, FluentIcon>();
const lookups = new Map<string, Promise<void>>();

function lookUp(loader: IconLoader, name: string): Promise<void> {
  let lookup = lookups.get(name);
  if (!lookup) {
    lookup = loader
      .load(name)
      .then(
        (icon) => {
          if (!icon) console.warn(`[tianlu] icon "${name}" is not a Fluent UI icon name: ${FALLBACK_ICON} is drawn instead (see docs/plugin-guide/icons.md)`);
          settled.set(name, icon ?? AppsListRegular);
        },
        (e: unknown) => {
          console.warn(`[tianlu] icon "${name}" could not be loaded: ${FALLBACK_ICON} is drawn instead`, e);
          settled.set(name, AppsListRegular);
        },
      );
    lookups.set(name, lookup);
  }
  return lookup;
}

/** The icon `name` draws now; undefined while it loads (the component draws again when it has loaded). */
function useNamedIcon(name: string | undefined): FluentIcon | undefined {
  const loader = useService(IconLoader);
  const bundled = name ? bundledIconName(name) : undefined;
  const icon = !name ? AppsListRegular : bundled ? BUNDLED[bundled] : settled.get(name);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (icon || !name) return;
    let live = true;
    void lookUp(loader, name).then(() => live && loaded());
    return () => {
      live = false;
    };
  }, [loader, name, icon]);
  return icon;
}

/**
 * Draws the icon a name stands for, as the console draws a manifest record's `icon` and a menu's:
 * one of the common names of the first load at once, any other Fluent UI icon once its module has
 * loaded (a blank of the same size until then), AppsList when the name is empty or names no icon
 * (then with one console warning naming it). Props besides `name` are Fluent icon props (`fontSize` …).
 */
export function NamedIcon(props: { name?: FluentIconName } & FluentIconsProps) {
  const { name, ...rest } = props;
  const Icon = useNamedIcon(name) ?? BlankIcon;
  return <Icon {...rest} />;
}
