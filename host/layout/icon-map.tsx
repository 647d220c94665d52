import type { ComponentType } from 'react';
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
  type FluentIconsProps,
} from '@fluentui/react-icons';

/** Icon names used by the manifest and menus, mapped to Fluent icons. */
const ICONS: Record<string, ComponentType<FluentIconsProps>> = {
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

/** Whether `name` is an icon name the console draws (others fall back to a generic icon). */
export const isKnownIcon = (name: string): boolean => Object.hasOwn(ICONS, name);

/** The icon for a manifest/menu icon name; a generic one when unknown. */
export function NamedIcon(props: { name?: string } & FluentIconsProps) {
  const { name, ...rest } = props;
  const Icon = (name && ICONS[name]) || AppsListRegular;
  return <Icon {...rest} />;
}
